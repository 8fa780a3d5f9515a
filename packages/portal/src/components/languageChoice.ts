/**
 * The reader's one language choice for the whole site: the guides' language
 * tabs (Docusaurus's `<Tabs groupId="language">`), the reference's code
 * samples and the recipes' programs all keep it where those tabs do (local
 * storage, the key namespaced per site), by the guides' tab values: `go`,
 * `javascript`, `python`, `ruby`, and `curl` for the samples' cURL. Go chosen
 * in any of them opens the others on Go.
 */
import siteStorage from '@generated/site-storage';
import type { LanguageChoice } from '@webmon/try-it';

/** The `groupId` of every `<Tabs>` that shows one program per language. */
export const LANGUAGE_GROUP = 'language';

/**
 * The value kept for a sample's or a recipe program's `lang` (`cURL`, `Go`,
 * `JavaScript`, `TypeScript`): its lower case, but a TypeScript program runs
 * on @webmon/ts-client, which is what the guides' JavaScript tab installs
 * and what the reference's `JavaScript` sample calls.
 */
export function languageValue(lang: string): string {
  const value = lang.toLowerCase();
  return value === 'typescript' ? 'javascript' : value;
}

const KEY = `docusaurus.tab.${LANGUAGE_GROUP}${siteStorage.namespace}`;

/** The choice as the try-it reads and writes it. */
export const languageChoice: LanguageChoice = {
  read: () => {
    try {
      return window.localStorage.getItem(KEY) ?? undefined;
    } catch {
      return undefined;
    }
  },
  write: (lang) => {
    try {
      window.localStorage.setItem(KEY, languageValue(lang));
    } catch {
      // No storage (a private window's quota, a policy): the choice lasts for the page.
    }
  },
};
