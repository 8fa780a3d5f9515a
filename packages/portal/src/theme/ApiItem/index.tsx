/**
 * WRAP of the reference theme's ApiItem (every page of the reference): an
 * operation page's parameters and request body come from the JSON file its
 * page exports as `api` (src/plugins/apiPageData.ts says why), and are put
 * back into the page's `api` front matter, where the theme and its try-it
 * read the operation.
 */
import ApiItem from '@theme-original/ApiItem';
import type { Props } from '@theme/DocItem';
import { createElement, type ReactNode, useMemo } from 'react';

type Content = Props['content'] & { api?: Record<string, unknown> };

export default function ApiItemWithData(props: Props): ReactNode {
  const content = props.content as Content;
  const withData = useMemo(() => {
    if (!content.api) return content;
    const page = (pageProps: object) => createElement(content, pageProps);
    const api = { ...(content.frontMatter as { api?: object }).api, ...content.api };
    return Object.assign(page, content, { frontMatter: { ...content.frontMatter, api } });
  }, [content]);
  return <ApiItem {...props} content={withData} />;
}
