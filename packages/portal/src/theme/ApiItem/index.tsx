/**
 * WRAP of the reference theme's ApiItem (every page of the reference): an
 * operation page's parameters and request body come from the JSON file its
 * page exports as `api` (src/plugins/apiPageData.ts says why), and are put
 * back into the page's `api` front matter, where the theme and its try-it
 * read the operation. Under `pnpm dev`, a save that changes them arrives
 * through the page's `dataUpdates` (src/api/apiPageUpdates.ts), and the open
 * page renders again in place.
 */
import ApiItem from '@theme-original/ApiItem';
import type { Props } from '@theme/DocItem';
import { createElement, type ReactNode, useMemo } from 'react';
import { type ApiPageUpdates, usePublishedApiPageData } from '../../api/apiPageUpdates';

type Content = Props['content'] & { api?: Record<string, unknown>; dataUpdates?: ApiPageUpdates };
interface ApiFrontMatter {
  [key: string]: unknown;
  api?: Record<string, unknown>;
}
/** The page component handed to the theme: its front matter is set on each render. */
type PageWithData = Content & { frontMatter: ApiFrontMatter };

export default function ApiItemWithData(props: Props): ReactNode {
  const content = props.content as Content;
  const frontMatter = content.frontMatter as ApiFrontMatter;
  const published = usePublishedApiPageData(content.dataUpdates);
  // One component per page, kept across hot updates, which change only its
  // front matter: a new component would make React mount the content anew.
  const page = useMemo<PageWithData>(
    () => Object.assign((pageProps: object) => createElement(content, pageProps), content),
    [content],
  );
  const data = published?.api ?? content.api;
  // A new `api` only with new data: the theme keeps the try-it's store while its `api` is the same.
  const withData = useMemo(() => data && { ...frontMatter, api: { ...frontMatter.api, ...data } }, [frontMatter, data]);
  if (!withData) return <ApiItem {...props} />;
  page.frontMatter = withData;
  return <ApiItem {...props} content={page} />;
}
