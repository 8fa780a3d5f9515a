// A guide's tables read on a phone: each body cell carries its column's
// header as `data-label`, and the table `data-stack`, so that below 600 px
// src/css/custom.css lays each row out as a card of "header: value" lines
// instead of a table wider than the screen (the Errors guide's "Retry?"
// column and the production URL were cut off at 390 px).

/** The part of a hast tree read here (@types/hast is not a dependency of ours). */
interface Node {
  type: string;
  value?: string;
  tagName?: string;
  properties?: Record<string, unknown>;
  children?: Node[];
}

const textOf = (node: Node): string => node.value ?? (node.children ?? []).map(textOf).join('');

const elements = (nodes: readonly Node[] | undefined, tagName: string): Node[] =>
  (nodes ?? []).filter((node) => node.type === 'element' && node.tagName === tagName);

function label(table: Node): void {
  const [head] = elements(table.children, 'thead');
  const [headRow] = elements(head?.children, 'tr');
  if (!headRow) return;
  const headers = elements(headRow.children, 'th').map((cell) => textOf(cell).trim());
  table.properties = { ...table.properties, dataStack: '' };
  for (const body of elements(table.children, 'tbody'))
    for (const row of elements(body.children, 'tr'))
      for (const [index, cell] of elements(row.children, 'td').entries())
        if (headers[index]) cell.properties = { ...cell.properties, dataLabel: headers[index] };
}

/** The rehype step (docusaurus.config.ts, the guides' docs). */
export function rehypeStackTables() {
  return (tree: Node): void => {
    const visit = (node: Node) => {
      if (node.type === 'element' && node.tagName === 'table') label(node);
      for (const child of node.children ?? []) visit(child);
    };
    visit(tree);
  };
}
