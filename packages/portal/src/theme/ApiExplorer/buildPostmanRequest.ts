/**
 * WRAP of the reference theme's request builder (`@theme/ApiExplorer/buildPostmanRequest`),
 * the one function that both the try-it (Request) and the code snippets call
 * to turn the explorer's state into a request.
 *
 * Why: for `application/x-www-form-urlencoded` bodies the theme sends each
 * field as one string (`tags=a,b`) and drops empty values, so it can neither
 * send `tags[]=a&tags[]=b` nor empty a list with `tags[]=`, which is how this
 * API takes arrays.
 *
 * What: after the original has built the request, a form body whose encoding
 * asks for bracket arrays (`x-form-array-style: brackets`, copied into each
 * `encoding` entry by scripts/prepare-api.mjs, since the theme hands the
 * builder the body's `encoding` but not its media type) is replaced by one
 * url-encoded string (src/api/bracketForm.ts) in raw mode. The Content-Type
 * header stays the form's; everything else (URL, auth) is the theme's.
 *
 * Second fix, same place: the theme prefills a parameter with its schema
 * `default` as a NUMBER (`page`: 1, `limit`: 25) and Postman's URL writer
 * drops non-string values, so the request carried `?page&limit` (a 400 from
 * the API) until the reader retyped them. Scalar parameter values are turned
 * into strings before the original builds the URL; a query value that is its
 * default is left out, as the code samples beside the form leave it out.
 *
 * Third, the sandbox (src/api/sandbox.ts): a request to the sandbox carries the
 * sandbox's token, never the reader's own (which goes to production only), and
 * the `Prefer` header of the scenario the reader switched on.
 */
import buildPostmanRequest from '@theme-original/ApiExplorer/buildPostmanRequest';
import { encodeBracketForm, usesBrackets, type FieldEncoding, type FormField } from '@site/src/api/bracketForm';
import { equalsDefault } from '@site/src/api/liveSamples';
import { isSandbox, preferHeader, SANDBOX_TOKEN, type TryItServer } from '@site/src/api/sandbox';

type Build = typeof buildPostmanRequest;

interface Param {
  value?: unknown;
  schema?: { default?: unknown };
}

type Auth = Parameters<Build>[1]['auth'];

/** The same auth choice with every scheme's token replaced by the sandbox's. */
const sandboxAuth = (auth: Auth): Auth => ({
  ...auth,
  data: Object.fromEntries(Object.keys(auth.data).map((scheme) => [scheme, { token: SANDBOX_TOKEN }])),
});

// The part of postman-collection's Request used here: the package ships its
// types in a folder TypeScript does not look in, so the theme's declaration
// of the request reads `any`.
interface PostmanRequest {
  body?: { update(definition: { mode: 'raw'; raw: string }): void };
}

const asText = <T extends Param>(params: T[] | undefined): T[] | undefined =>
  params?.map((p) =>
    typeof p.value === 'number' || typeof p.value === 'boolean' ? { ...p, value: String(p.value) } : p,
  );

export default function buildPostmanRequestWithBrackets(
  postman: Parameters<Build>[0],
  options: Parameters<Build>[1],
): ReturnType<Build> {
  const params = options as unknown as Record<
    'queryParams' | 'pathParams' | 'headerParams' | 'cookieParams',
    Param[] | undefined
  >;
  const server = options.server as TryItServer | undefined;
  const prefer = preferHeader(server);
  const request: PostmanRequest = buildPostmanRequest(postman, {
    ...options,
    auth: isSandbox(server) ? sandboxAuth(options.auth) : options.auth,
    queryParams: asText(params.queryParams?.filter((param) => !equalsDefault(param))),
    pathParams: asText(params.pathParams),
    headerParams: [
      ...(asText(params.headerParams) ?? []),
      ...(prefer ? [{ name: 'Prefer', in: 'header', value: prefer }] : []),
    ],
    cookieParams: asText(params.cookieParams),
  } as Parameters<Build>[1]);
  const { body, contentType, encoding } = options as unknown as {
    body?: { type?: string; content?: Record<string, FormField> };
    contentType?: string;
    encoding?: FieldEncoding;
  };
  if (
    request.body &&
    body?.type === 'form' &&
    body.content &&
    contentType?.startsWith('application/x-www-form-urlencoded') &&
    usesBrackets(encoding)
  ) {
    request.body.update({ mode: 'raw', raw: encodeBracketForm(body.content, encoding) });
  }
  return request;
}
