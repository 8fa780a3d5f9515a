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

/**
 * One component per page module, kept across renders and mounts: a new one
 * would make React mount the content anew, and the theme keeps the try-it's
 * store while the page's component is the same (a new module, a saved title
 * under `pnpm dev`, makes a new one). Under `pnpm dev` a hot update can run
 * this module anew (a saved title changes the docs' global data, which it
 * imports): each copy hands the map to the next.
 */
const hot = import.meta.webpackHot;
const pages = (hot?.data?.pages as WeakMap<Content, PageWithData> | undefined) ?? new WeakMap<Content, PageWithData>();
if (hot) hot.dispose((data) => Object.assign(data, { pages }));
function pageOf(content: Content): PageWithData {
  let page = pages.get(content);
  if (!page) {
    page = Object.assign((pageProps: object) => createElement(content, pageProps), content) as PageWithData;
    pages.set(content, page);
  }
  return page;
}

export default function ApiItemWithData(props: Props): ReactNode {
  const content = props.content as Content;
  const frontMatter = content.frontMatter as ApiFrontMatter;
  const published = usePublishedApiPageData(content.dataUpdates);
  const page = pageOf(content);
  const data = published?.api ?? content.api;
  // A new `api` only with new data: the theme keeps the try-it's store while its `api` is the same.
  const withData = useMemo(() => data && { ...frontMatter, api: { ...frontMatter.api, ...data } }, [frontMatter, data]);
  if (!withData) return <ApiItem {...props} />;
  page.frontMatter = withData;
  return <ApiItem {...props} content={page} />;
}
