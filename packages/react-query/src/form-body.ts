// orval's form-body hook (`override.formUrlEncoded`): orval would build a
// URLSearchParams itself (tags=a&tags=b, nothing for an emptied array, no
// CSV fields). The body stays the object it is; src/send.ts hands it to
// ts-client, whose encoder writes tags[]=a&tags[]=b and tags[]=.
export const formBody = <Body>(body: Body): Body => body;
