/** `/guides/recipes`: every recipe page (src/plugins/recipes.ts), with its summary. */
import type { ReactNode } from 'react';
import Link from '@docusaurus/Link';
import Layout from '@theme/Layout';
import styles from './recipes.module.css';

interface Listed {
  title: string;
  summary: string;
  path: string;
}

export default function RecipeIndex({ recipes }: { recipes: Listed[] }): ReactNode {
  return (
    <Layout title="Recipes" description="Workflows across several calls, run step by step in your sandbox.">
      <main className={`container ${styles.page}`}>
        <h1>Recipes</h1>
        <p className={styles.lead}>
          Workflows across several calls, each run step by step in your sandbox, with its code in cURL, TypeScript and
          Go.
        </p>
        <ul className={styles.list}>
          {recipes.map((recipe) => (
            <li key={recipe.path}>
              <Link to={`/${recipe.path}`}>{recipe.title}</Link>
              <p>{recipe.summary}</p>
            </li>
          ))}
        </ul>
      </main>
    </Layout>
  );
}
