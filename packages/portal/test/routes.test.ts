import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { buildDir, gotoHydrated, reusedTab, useSite } from './helpers';

const spec = JSON.parse(readFileSync(createRequire(import.meta.url).resolve('@webmon/spec/openapi.json'), 'utf8')) as {
  info: { version: string; title: string };
};

// SPEC section 2: every route and the heading it shows.
const ROUTES: [path: string, heading: RegExp][] = [
  ['/', /Webmon Developers/],
  // The reference's introduction, generated from the bundle: its title.
  ['/api/', new RegExp(`^${spec.info.title}$`)],
  ['/search?q=rate%20limit', /Search results for "rate limit"/],
  ['/guides', /About/],
  ['/guides/', /About/],
  ['/guides/examples', /example/i],
  ['/guides/api/introduction', /introduction/i],
  ['/guides/api/authentication', /Authentication/],
  ['/guides/api/ratelimiting', /Rate limiting/],
  ['/guides/api/errors', /Errors/],
  ['/guides/api/parameters', /Parameters/],
  ['/guides/sdks/introduction', /SDK/],
  ['/guides/sdks/installation', /Installation/],
  ['/guides/sdks/configuration', /Configuration/],
  ['/guides/sdks/backoff', /backoff/i],
  ['/guides/sdks/alpha', /Alpha/i],
  ['/guides/cli/introduction', /Command line|CLI/i],
  ['/guides/terraform/introduction', /Terraform/],
];

const site = useSite();
// Every test here only reads pages: one tab of the shared context, each test a
// full load in it (see reusedTab).
const tab = reusedTab(site);

describe('routes (production build)', () => {
  it.each(ROUTES)('%s renders its page', async (path, heading) => {
    const { page, errors, done } = await tab();
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await page.waitForSelector('html[data-has-hydrated="true"]');
    await expect.poll(() => page.locator('h1').first().textContent()).toMatch(heading);
    expect(await page.title()).toMatch(/\S/);
    expect(await page.locator('text=Page Not Found').count()).toBe(0);
    expect(errors).toEqual([]);
    done();
  });

  it('an unknown path shows the not-found page with status 404', async () => {
    const { page, done } = await tab();
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await page.waitForSelector('html[data-has-hydrated="true"]');
    await expect.poll(() => page.locator('h1').first().textContent()).toMatch(/Page Not Found/);
    expect(await page.title()).toMatch(/Page Not Found/);
    done();
  });

  it('an unknown path reached in-app also shows the not-found page', async () => {
    const { page, done } = await tab();
    await gotoHydrated(page, '/');
    await page.evaluate(() => {
      window.history.pushState({}, '', '/guides/nope');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect.poll(() => page.locator('h1').first().textContent()).toMatch(/Page Not Found/);
    done();
  });

  it.each(['/guides/api/errors.html', '/guides/api/errors/index.html'])(
    '%s lands on /guides/api/errors',
    async (path) => {
      const { page, done } = await tab();
      await gotoHydrated(page, `${path}?x=1#error-shape`);
      const url = new URL(page.url());
      expect(url.pathname).toBe('/guides/api/errors');
      expect(url.search).toBe('?x=1');
      expect(url.hash).toBe('#error-shape');
      await expect.poll(() => page.locator('h1').first().textContent()).toMatch(/Errors/);
      done();
    },
  );

  it('/index.html lands on /', async () => {
    const { page, done } = await tab();
    await gotoHydrated(page, '/index.html');
    expect(new URL(page.url()).pathname).toBe('/');
    done();
  });

  it('the API version shown on the home page is the bundle version', async () => {
    const { page, done } = await tab();
    await gotoHydrated(page, '/');
    expect(await page.getByTestId('api-version').textContent()).toBe(`API v${spec.info.version}`);
    done();
  });

  it('the sitemap lists the guides and hides the crash-test route', () => {
    const sitemap = readFileSync(`${buildDir}/sitemap.xml`, 'utf8');
    expect(sitemap).toContain('/guides/api/ratelimiting');
    expect(sitemap).not.toContain('/test/');
  });
});
