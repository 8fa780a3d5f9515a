/**
 * WRAP of the reference theme's SchemaTabs, for one case only: a form body
 * whose media type has an `example` gets two tabs, "Example (from schema)"
 * (each property's own `example`, so required fields such as `name` start
 * empty) and "Example" (the description's example of the whole request), and
 * the theme opens the first. Here the description's example opens, so the
 * try-it is pre-filled with a request that works as it stands (issue 13).
 *
 * And the reference's request and response schemas (`openapi-tabs__schema`,
 * rendered in the browser only) get lazy tabs, as the try-it's already
 * have: their closed Example tabs were mounted with the page, so every
 * example of every status code was highlighted (Prism loaded and run) while
 * the page loaded; now an example renders when its tab opens.
 */
import { Children, cloneElement, isValidElement, type ReactElement, type ReactNode } from 'react';
import SchemaTabs from '@theme-original/SchemaTabs';

type TabProps = { value?: string; default?: boolean };

export default function SchemaTabsSpecExampleFirst(props: { children?: ReactNode; [key: string]: unknown }): ReactNode {
  const tabs = Children.toArray(props.children);
  const isTab = (tab: unknown): tab is ReactElement<TabProps> => isValidElement(tab);
  const lazy = props.lazy ?? props.className === 'openapi-tabs__schema';
  if (!tabs.some((tab) => isTab(tab) && tab.props.value === 'example')) return <SchemaTabs {...props} lazy={lazy} />;
  return (
    <SchemaTabs {...props} lazy={lazy}>
      {tabs.map((tab) => (isTab(tab) ? cloneElement(tab, { default: tab.props.value === 'example' }) : tab))}
    </SchemaTabs>
  );
}
