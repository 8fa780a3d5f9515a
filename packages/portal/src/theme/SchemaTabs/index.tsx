/**
 * WRAP of the reference theme's SchemaTabs, for one case only: a form body
 * whose media type has an `example` gets two tabs, "Example (from schema)"
 * (each property's own `example`, so required fields such as `name` start
 * empty) and "Example" (the description's example of the whole request), and
 * the theme opens the first. Here the description's example opens, so the
 * try-it is pre-filled with a request that works as it stands (issue 13).
 * Every other use of SchemaTabs is passed through untouched.
 */
import { Children, cloneElement, isValidElement, type ReactElement, type ReactNode } from 'react';
import SchemaTabs from '@theme-original/SchemaTabs';

type TabProps = { value?: string; default?: boolean };

export default function SchemaTabsSpecExampleFirst(props: { children?: ReactNode; [key: string]: unknown }): ReactNode {
  const tabs = Children.toArray(props.children);
  const isTab = (tab: unknown): tab is ReactElement<TabProps> => isValidElement(tab);
  if (!tabs.some((tab) => isTab(tab) && tab.props.value === 'example')) return <SchemaTabs {...props} />;
  return (
    <SchemaTabs {...props}>
      {tabs.map((tab) => (isTab(tab) ? cloneElement(tab, { default: tab.props.value === 'example' }) : tab))}
    </SchemaTabs>
  );
}
