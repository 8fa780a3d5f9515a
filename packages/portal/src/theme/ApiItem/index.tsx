/**
 * WRAP of the reference theme's ApiItem (every page of the reference): an
 * operation page's parameters and request body come from the JSON file its
 * page exports as `api` (src/plugins/apiPageData.ts says why), and are put
 * back into the page's `api` front matter, where the theme and its try-it
 * read the operation. Under `pnpm dev`, a save that changes them arrives
 * through src/api/apiPageUpdates.ts, and the open page renders again in place.
 */
import ApiItem from '@theme-original/ApiItem';
import type { Props } from '@theme/DocItem';
import { createElement, type ReactNode, useMemo } from 'react';
import { usePublishedApiPageData } from '../../api/apiPageUpdates';

type Content = Props['content'] & { api?: Record<string, unknown> };
interface ApiFrontMatter {
  id?: string;
  [key: string]: unknown;
  api?: Record<string, unknown>;
}
/** The page component handed to the theme: its front matter is set on each render. */
type PageWithData = Content & { frontMatter: ApiFrontMatter };

export default function ApiItemWithData(props: Props): ReactNode {
  const content = props.content as Content;
  const frontMatter = content.frontMatter as ApiFrontMatter;
  const published = usePublishedApiPageData(frontMatter.id ?? '');
  // One component per page, kept across hot updates, which change only its
  // front matter: a new component would make React mount the content anew.
  const page = useMemo<PageWithData>(
    () => Object.assign((pageProps: object) => createElement(content, pageProps), content),
    [content],
  );
  const data = published?.api ?? content.api;
  if (!data) return <ApiItem {...props} />;
  page.frontMatter = { ...frontMatter, api: { ...frontMatter.api, ...data } };
  return <ApiItem {...props} content={page} />;
}
