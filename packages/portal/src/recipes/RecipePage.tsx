/**
 * A recipe page (src/plugins/recipes.ts): the workflow's title, summary and
 * description, its steps run in the reader's sandbox by the try-it's
 * `Recipe`, and the whole recipe as code in the site's highlighted blocks.
 * Everything comes from the spec's Arazzo file at build time.
 */
import type { ReactNode } from 'react';
import Link from '@docusaurus/Link';
import useBaseUrl from '@docusaurus/useBaseUrl';
import CodeBlock from '@theme/CodeBlock';
import Layout from '@theme/Layout';
import TabItem from '@theme/TabItem';
import Tabs from '@theme/Tabs';
import { Recipe } from '@webmon/try-it';
import '@webmon/try-it/try-it.css';
import { LANGUAGE_GROUP, languageValue } from '@site/src/components/languageChoice';
import { sandboxName } from '@site/src/api/sandboxName';
import Markdown from '@site/src/theme/Markdown';
import type { RecipePage as Page } from '../plugins/recipes';
import styles from './recipes.module.css';

const LANGUAGE: Record<string, string> = { cURL: 'bash', TypeScript: 'typescript', Go: 'go' };

/** Text in the site's Markdown, as a block. */
function Prose({ children }: { children: string }): ReactNode {
  return (
    <div className={styles.prose}>
      <Markdown>{children}</Markdown>
    </div>
  );
}

export default function RecipePage({ page }: { page: Page }): ReactNode {
  const { recipe, code } = page;
  const twin = useBaseUrl(`/${page.path}.md`);
  return (
    <Layout title={recipe.title} description={recipe.summary}>
      <main className={`container ${styles.page}`}>
        <p className={styles.kicker}>
          <Link to={`/${page.path.replace(/\/[^/]+$/, '')}`}>Recipes</Link>
        </p>
        <h1>{recipe.title}</h1>
        <p className={styles.lead}>{recipe.summary}</p>
        <Prose>{recipe.description}</Prose>
        <p className={styles.meta}>
          Built from the workflow <code>{recipe.workflowId}</code> of the API description (Arazzo 1.0).{' '}
          <a href={twin}>This page as Markdown</a>.
        </p>
        <Recipe recipe={recipe} sandboxName={sandboxName()} Markdown={Prose} />
        <section className={styles.code} aria-labelledby="recipe-code">
          <h2 id="recipe-code">The whole recipe as code</h2>
          <p>
            Each program runs the steps in order against the mock server (<code>npx @webmon/mock-server</code>, which
            has the sandbox clock), checks the same criteria, and stops at the first that does not hold. Each is run
            against the mock before these pages are published.
          </p>
          {/* The site's one language choice: Go chosen in a guide or the reference opens Go here, and back. */}
          <Tabs groupId={LANGUAGE_GROUP}>
            {code.map((program) => (
              <TabItem key={program.lang} value={languageValue(program.lang)} label={program.label}>
                <CodeBlock language={LANGUAGE[program.lang] ?? 'text'} title={program.file}>
                  {program.source}
                </CodeBlock>
              </TabItem>
            ))}
          </Tabs>
        </section>
      </main>
    </Layout>
  );
}
