/**
 * The recipe pages (issue 43), on the production build in Chromium: each
 * page, generated from its Arazzo workflow, runs every step in the reader's
 * in-page sandbox with "Run all", each step's criteria held and its answer
 * shown, nothing sent to the network; the index lists them; the Markdown
 * twins and llms.txt carry them. The expected steps and criteria are read
 * from the spec's workflows (@webmon/spec/workflows.json), not from the page.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readWorkflows } from '@webmon/arazzo';
import { describe, expect, it } from 'vitest';
import { loadRecipes } from '../src/plugins/recipes';
import { buildDir, cleanTab, gotoHydrated, portalDir, reusedTab, useSite } from './helpers';
import { readerProject, typeCheck } from './type-check';

const site = useSite();
const require = createRequire(import.meta.url);
const workflows = (
  JSON.parse(readFileSync(require.resolve('@webmon/spec/workflows.json'), 'utf8')) as { document: unknown }[]
).flatMap(({ document }) => readWorkflows(document));

/** Hosts a sandbox request would reach if it left the page. */
const API_HOSTS = new Set(['sandbox.invalid', 'api.webmon.dev', 'localhost:4010']);

describe('recipe pages', () => {
  it('are one per workflow of the spec, four of them', () => {
    expect(workflows).toHaveLength(4);
  });

  it.each(workflows.map((w) => [w.workflowId, w] as const))(
    '%s: "Run all" completes every step with its criteria met, in the page',
    { timeout: 300_000 },
    async (id, workflow) => {
      const { page, errors, close } = await cleanTab(site);
      const left: string[] = [];
      page.on('request', (request) => {
        if (API_HOSTS.has(new URL(request.url()).host)) left.push(request.url());
      });
      await gotoHydrated(page, `/guides/recipes/${id}`);
      await expect(page.locator('h1').textContent()).resolves.toBe(workflow.title);
      const steps = page.locator('[data-step]');
      expect(await steps.evaluateAll((els) => els.map((el) => (el as HTMLElement).dataset.step))).toEqual(
        workflow.steps.map((s) => s.stepId),
      );
      // Twice: a second "Run all" starts over with new records, and the inputs
      // filled from the sandbox's clock (the window's times) computed again.
      for (const round of [1, 2]) {
        await page.getByRole('button', { name: 'Run all' }).click();
        const total = workflow.steps.length;
        await page.waitForFunction(
          ({ n, round }) =>
            document.querySelector(`[data-recipe-runs="${round}"]`) !== null &&
            (document.querySelector('[data-recipe-progress]')?.getAttribute('data-recipe-progress') === `${n}/${n}` ||
              document.querySelector('[data-step][data-state="failed"]') !== null),
          { n: total, round },
        );
        const states = await steps.evaluateAll((els) =>
          els.map((el) => {
            const step = el as HTMLElement;
            const held = [...step.querySelectorAll('li[data-holds]')].map((li) => (li as HTMLElement).dataset.holds);
            const answer = step.querySelector('.wm-recipe-answer-summary')?.textContent ?? '';
            return `${step.dataset.step}: ${step.dataset.state} ${held.join(',')} ${answer}`;
          }),
        );
        // Each step passed, each of its criteria held, and its answer is shown.
        expect(states.map((s) => s.replace(/ \d{3} .*$/, ''))).toEqual(
          workflow.steps.map((s) => `${s.stepId}: passed ${s.successCriteria.map(() => 'true').join(',')}`),
        );
        for (const state of states) expect(state).toMatch(/ [1-3]\d\d [A-Z]/);
        // Outputs passed on are shown with their values.
        const outputs = workflow.steps.reduce((n, s) => n + Object.keys(s.outputs).length, 0);
        await expect(page.locator('[data-output]').count()).resolves.toBe(outputs);
        // A step that ran says so on its button (greyed "Run step" read as broken).
        const buttons = page.locator('.wm-recipe-step-head button');
        expect(await buttons.allTextContents()).toEqual(workflow.steps.map(() => 'Ran'));
      }
      expect(left).toEqual([]);
      expect(errors).toEqual([]);
      await close();
    },
  );

  const phone = reusedTab(site, { device: 'phone', viewport: { width: 390, height: 844 } });
  it("on a 390 px phone, a step's field names stay whole (the value wraps) and nothing scrolls sideways", async () => {
    const { page, errors, done } = await phone();
    for (const { workflowId } of workflows) {
      await gotoHydrated(page, `/guides/recipes/${workflowId}`);
      const names = await page
        .locator('.wm-recipe-table th code')
        .evaluateAll((els) => els.map((el) => `${el.textContent}: ${el.getClientRects().length} line(s)`));
      expect(names.length).toBeGreaterThan(0);
      expect(names.filter((name) => !name.endsWith(': 1 line(s)'))).toEqual([]);
      await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(390);
    }
    expect(errors).toEqual([]);
    done();
  });

  const tab = reusedTab(site);
  it('/guides/recipes lists every recipe, linked', async () => {
    const { page, errors, done } = await tab();
    await gotoHydrated(page, '/guides/recipes');
    const links = await page
      .locator('main li a')
      .evaluateAll((els) => els.map((a) => `${a.textContent} ${new URL((a as HTMLAnchorElement).href).pathname}`));
    expect(links).toEqual(workflows.map((w) => `${w.title} /guides/recipes/${w.workflowId}`));
    expect(errors).toEqual([]);
    done();
  });

  it('each page has a Markdown twin with every step, its checks and the code, listed in llms.txt', () => {
    const llms = readFileSync(join(buildDir, 'llms.txt'), 'utf8');
    for (const workflow of workflows) {
      const twin = readFileSync(join(buildDir, 'guides', 'recipes', `${workflow.workflowId}.md`), 'utf8');
      expect(twin.startsWith(`# ${workflow.title}\n`)).toBe(true);
      for (const step of workflow.steps) {
        expect(twin).toContain(`. \`${step.stepId}\``);
        for (const c of step.successCriteria) expect(twin).toContain(c.condition);
      }
      for (const fence of ['```bash\n#!/usr/bin/env bash', '```ts\n', '```go\n']) expect(twin).toContain(fence);
      expect(llms).toMatch(
        new RegExp(`- \\[${workflow.title}\\]\\(https?://[^)]+/guides/recipes/${workflow.workflowId}\\.md\\)`),
      );
    }
  });

  it("each recipe's TypeScript type-checks as a reader's strict project with @webmon/ts-client", () => {
    const dir = mkdtempSync(join(tmpdir(), 'recipe-types-'));
    try {
      readerProject(dir);
      const files = loadRecipes(portalDir).map(({ code }) => {
        const program = code.find((c) => c.lang === 'TypeScript')!;
        const file = join(dir, program.file.replace(/\.ts$/, '.mts'));
        writeFileSync(file, program.source);
        return file;
      });
      expect(files).toHaveLength(workflows.length);
      expect(typeCheck(files).map(({ file, line, message }) => `${file}:${line + 1}: ${message}`)).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
