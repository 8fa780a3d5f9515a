// `pnpm dev` only (src/plugins/devStatus.ts adds this module): the live loop's
// bar. The status file is a dependency of this module, which accepts its own
// updates: a save re-runs it and the bar is redrawn, the page is not reloaded.
import status from '@webmon/dev-status.json';

const ID = 'webmon-dev-status';

function draw(): void {
  if (typeof document === 'undefined') return;
  document.getElementById(ID)?.remove();
  const bar = document.createElement('aside');
  bar.id = ID;
  bar.setAttribute('role', 'status');
  bar.setAttribute('aria-label', 'pnpm dev');
  bar.dataset.state = status.state;
  const colour =
    status.state === 'errors'
      ? '#8b0000'
      : status.diff.act.length + status.diff.features.length
        ? '#6b4e00'
        : '#14532d';
  bar.style.cssText = `position:fixed;left:0;right:0;bottom:0;z-index:1000;max-height:40vh;overflow:auto;background:${colour};color:#fff;font:13px/1.4 ui-monospace,monospace;padding:6px 12px`;
  const line = (text: string, tag = 'div') => {
    const element = document.createElement(tag);
    element.textContent = text;
    return element;
  };
  if (status.lint.length) {
    const errors = status.lint.filter((finding) => finding.includes('  error  ')).length;
    bar.append(
      line(
        `lint: ${errors} error${errors === 1 ? '' : 's'}, ${status.lint.length - errors} warning${status.lint.length - errors === 1 ? '' : 's'}${status.state === 'errors' ? ': the last good bundle is serving' : ''}`,
        'strong',
      ),
    );
    for (const finding of status.lint) bar.append(line(finding));
  }
  // What the owner must act on is listed under the head line at once; features wait for a click on it.
  const diff = document.createElement('details');
  diff.append(line(status.diff.head, 'summary'), ...status.diff.features.map((change) => line(change)));
  bar.append(diff, ...status.diff.act.map((change) => line(change)), ...status.notes.map((note) => line(note)));
  document.body.append(bar);
}

draw();
import.meta.webpackHot?.accept();
import.meta.webpackHot?.dispose(() => document.getElementById(ID)?.remove());
