// @ts-check
/**
 * Stand-in for `graphql` in the browser bundle (see slimApiBundle.ts). msw
 * imports its `parse` for GraphQL handlers; the in-browser mock registers
 * only HTTP handlers (@webmon/mock-server), so it is never called. Should a
 * GraphQL handler ever be added, this says why it cannot work here.
 */
module.exports = {
  parse() {
    throw new Error('GraphQL is not available in the portal bundle (src/plugins/graphqlStub.js)');
  },
};
