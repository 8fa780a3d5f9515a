// A recipe page's Markdown twin: the same content as the page
// (src/recipes/RecipePage.tsx, from the plugin's content), in the order an
// agent follows it: inputs, then each step's request, checks and outputs,
// then the whole recipe as code.
import { criterionText } from '@webmon/arazzo';
import { partsText, wireOf } from '@webmon/try-it/recipes';
import type { RecipePage } from '../recipes';
import { fence } from './operationMarkdown';

const LANGUAGE: Record<string, string> = { cURL: 'bash', TypeScript: 'ts', Go: 'go' };
/** Inline code; a text with a backtick in double ones (CommonMark). */
const code = (text: string) => (text.includes('`') ? `\`\` ${text} \`\`` : `\`${text}\``);

export function recipeMarkdown({ recipe, code: programs }: RecipePage, pageUrl: string): string {
  const out = [`# ${recipe.title}`, '', `> ${recipe.summary}`, '', recipe.description.trim(), ''];
  out.push(
    `Workflow ${code(recipe.workflowId)} of the API description (Arazzo 1.0). Run it step by step in the sandbox on ${pageUrl}, or run the code below against the mock server (\`npx @webmon/mock-server\`, ${recipe.mockOrigin}), which has the sandbox clock the recipe moves.`,
    '',
    '## Inputs',
    '',
    '| input | default | description |',
    '| --- | --- | --- |',
  );
  for (const input of recipe.inputs) {
    const fallback = input.default === undefined ? (input.required ? 'required' : '') : code(String(input.default));
    out.push(
      `| ${code(input.name)} | ${fallback} | ${(input.description ?? '').replace(/\|/g, '\\|').replace(/\n/g, ' ')} |`,
    );
  }
  out.push('', '## Steps', '');
  recipe.steps.forEach((step, index) => {
    const wire = wireOf(step);
    out.push(`### ${index + 1}. ${code(step.stepId)}`, '', step.description.trim(), '');
    out.push(`Request: ${code(`${wire.method} ${partsText(wire.url)}`)}`);
    if (wire.form) {
      out.push('', 'Form body:', '');
      for (const [name, value] of wire.form) out.push(`- ${code(name)}: ${code(partsText(value))}`);
    }
    out.push('', 'Checks:', '');
    for (const criterion of step.successCriteria) out.push(`- ${code(criterionText(criterion))}`);
    const outputs = Object.entries(step.outputs);
    if (outputs.length) {
      out.push('', 'Passes on:', '');
      for (const [name, expression] of outputs) out.push(`- ${code(name)}: ${code(expression)}`);
    }
    out.push('');
  });
  out.push('## Outputs', '');
  for (const [name, expression] of Object.entries(recipe.outputs)) out.push(`- ${code(name)}: ${code(expression)}`);
  out.push('', '## The whole recipe as code', '');
  for (const program of programs)
    out.push(
      `### ${program.label} (${code(program.file)})`,
      '',
      fence(LANGUAGE[program.lang] ?? '', program.source),
      '',
    );
  return `${out.join('\n').trimEnd()}\n`;
}
