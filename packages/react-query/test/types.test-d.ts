// Checked by `lint` (tsc --noEmit): the hooks' inputs and results are orval's
// types from the bundle, and errors are ts-client's typed errors.
import type { UseMutationResult } from '@tanstack/react-query';
import {
  type APIError,
  type ConnectionError,
  type ListUptimeTestsParams,
  type UptimeTestCreate,
  type UptimeTestResponse,
  getGetUptimeTestQueryKey,
  useCreateUptimeTest,
  useGetUptimeTest,
} from '../src/index.js';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const assert = <T extends true>(): T => true as T;

export function typeChecks() {
  const read = useGetUptimeTest('1');
  assert<Equal<typeof read.data, UptimeTestResponse | undefined>>();
  assert<Equal<typeof read.error, APIError | ConnectionError | null>>();
  const create: UseMutationResult<unknown, APIError | ConnectionError, { data: UptimeTestCreate }> =
    useCreateUptimeTest();
  const body: UptimeTestCreate = { name: 'x', test_type: 'HTTP', website_url: 'https://x', check_rate: 300 };
  create.mutate({ data: body });
  // @ts-expect-error check_rate is an enum of the spec's rates
  create.mutate({ data: { ...body, check_rate: 301 } });
  // @ts-expect-error name is required on create
  create.mutate({ data: { test_type: 'HTTP', website_url: 'https://x', check_rate: 300 } });
  // @ts-expect-error status takes the spec's enum only
  const bad: ListUptimeTestsParams = { status: 'sideways' };
  getGetUptimeTestQueryKey('1');
  // @ts-expect-error a query key needs its path value
  getGetUptimeTestQueryKey();
  return bad;
}
