// What a call needs only once it is made, in one file loaded by the first call (lib/api.ts): the
// HTTP client and the seed's error detection.
export { detectError } from '@gatehouse/contract/browser';
export { FetchError, ofetch } from 'ofetch';
