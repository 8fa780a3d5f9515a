// The client's method types, computed from openapi-typescript's output
// (src/generated/api.ts) and the operation table (src/generated/operations.ts).
// Nothing here names a field, an enum or an operation: a spec edit reaches the
// client's types through these two generated files alone.
import type { operations as Operations } from './generated/api.js';
import type { operations as table, resources } from './generated/operations.js';
import type { RequestOptions } from './transport.js';

type Table = typeof table;
type Resources = typeof resources;

/** Every operationId of the description. */
export type OperationId = keyof Table & keyof Operations;

// The table and the types come from the same bundle; this fails to compile if
// they ever disagree on the set of operations.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Assert<T extends true> = T;
export type TableMatchesTypes = Assert<Same<keyof Table, keyof Operations>>;

type FormBody<Op> = Op extends { requestBody?: { content: { 'application/x-www-form-urlencoded': infer B } } }
  ? B
  : never;
type QueryOf<Op> = Op extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;
type PathOf<Op> = Op extends { parameters: { path?: infer P } } ? NonNullable<P> : never;

/** `/uptime/{test_id}/history` -> ['test_id'] */
type PathNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}` ? [Name, ...PathNames<Rest>] : [];

type Positional<Names, P> = Names extends [infer Head, ...infer Tail]
  ? [Head extends keyof P ? P[Head] : never, ...Positional<Tail, P>]
  : [];

/** Positional path arguments, typed from the generated path parameters, in path order. */
type PathArgs<Id extends OperationId> = Positional<PathNames<Table[Id]['path']>, PathOf<Operations[Id]>>;

type Field<T, K extends PropertyKey> = T extends { readonly [P in K]: readonly (infer F)[] } ? F : never;

/** Query parameters that are comma lists (`tags`) also take an array. */
type WithLists<Q, Lists extends PropertyKey> = [Lists] extends [never]
  ? Q
  : { [K in keyof Q]: K extends Lists ? Q[K] | readonly NonNullable<Q[K]>[] : Q[K] };

/** The query an operation takes (lists may be arrays; flags are booleans, sent bare when true). */
export type Params<Id extends OperationId> = WithLists<QueryOf<Operations[Id]>, Field<Table[Id], 'lists'>>;

type Stem<K> = K extends `${infer S}_csv` ? S : never;
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/**
 * A body with CSV fields (`status_codes_csv`) also accepts the list form
 * (`status_codes: string[]`), one or the other.
 */
type WithCsv<B, Csv extends PropertyKey> = [Csv] extends [never]
  ? B
  :
      | (B & { [K in Csv as Stem<K>]?: never })
      | (DistributiveOmit<B, Csv> & { [K in Csv as Stem<K>]?: readonly string[] } & { [K in Csv]?: never });

/** The form body an operation takes. */
export type Body<Id extends OperationId> = WithCsv<FormBody<Operations[Id]>, Field<Table[Id], 'csv'>>;

type InputArgs<Id extends OperationId> = Table[Id] extends { input: 'body' }
  ? undefined extends Operations[Id]['requestBody']
    ? [body?: Body<Id>]
    : [body: Body<Id>]
  : Table[Id] extends { input: 'query' }
    ? Record<string, never> extends Params<Id>
      ? [query?: Params<Id>]
      : [query: Params<Id>]
    : [];

/** A method's arguments: path parameters, then the body or query, then per-call options. */
export type Args<Id extends OperationId> = [...PathArgs<Id>, ...InputArgs<Id>, options?: RequestOptions];

type Json<R> = R extends { content: { 'application/json': infer J } } ? J : undefined;
type Dig<T, Keys> = Keys extends readonly [infer Head, ...infer Tail]
  ? Head extends keyof T
    ? Dig<T[Head], Tail>
    : never
  : T;

/** The documented success answer's body. */
export type SuccessBody<Id extends OperationId> = Json<
  Operations[Id]['responses'][Table[Id]['success'] & keyof Operations[Id]['responses']]
>;

/**
 * What a method resolves to: the success body, stepped into while it is a
 * one-property wrapper (see the `unwrap` column of the table). get -> the
 * entity, create -> the new id, locations -> the list; pages and series keep
 * `{data, metadata}` / `{data, links, metadata}`; 204 answers -> undefined.
 */
export type Result<Id extends OperationId> = Table[Id] extends { unwrap: infer Keys }
  ? Dig<SuccessBody<Id>, Keys>
  : SuccessBody<Id>;

/** One item of a paginated list or series. */
export type Item<Id extends OperationId> = Result<Id> extends { data: readonly (infer I)[] } ? I : never;

export type Method<Id extends OperationId> = (...args: Args<Id>) => Promise<Result<Id>>;
export type AllMethod<Id extends OperationId> = (...args: Args<Id>) => AsyncGenerator<Item<Id>, void, undefined>;

type Paginated = { [Id in OperationId]: Table[Id] extends { pagination: string } ? Id : never }[OperationId];

type Group<Methods> = {
  readonly [Name in keyof Methods]: Methods[Name] extends OperationId ? Method<Methods[Name]> : never;
} & {
  readonly [Name in keyof Methods as Methods[Name] extends Paginated
    ? `${Name & string}All`
    : never]: Methods[Name] extends OperationId ? AllMethod<Methods[Name]> : never;
};

/** `client.<resource>.<method>`, one group per tag of the description. */
export type Client = { readonly [G in keyof Resources]: Group<Resources[G]> };
