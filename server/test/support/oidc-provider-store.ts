// Where the test OpenID provider keeps its state (sessions, grants, codes, tokens): a Map per
// provider, for as long as the test runs. Configured rather than left to oidc-provider's own
// in-memory store, which is meant for a quick start and warns so on every start.
import type { Adapter, AdapterPayload } from 'oidc-provider';

/** One provider's store: `adapter` for its configuration. Expiry is checked by oidc-provider itself (exp). */
export function memoryStore(): new (model: string) => Adapter {
  const entries = new Map<string, AdapterPayload>();
  return class MemoryStore implements Adapter {
    readonly #model: string;
    constructor(model: string) {
      this.#model = model;
    }
    #key(id: string) {
      return `${this.#model}:${id}`;
    }
    async upsert(id: string, payload: AdapterPayload) {
      entries.set(this.#key(id), payload);
    }
    async find(id: string) {
      return entries.get(this.#key(id));
    }
    async findByUid(uid: string) {
      return [...entries].find(([key, payload]) => key.startsWith(`${this.#model}:`) && payload.uid === uid)?.[1];
    }
    async findByUserCode(userCode: string) {
      return [...entries].find(([key, payload]) => key.startsWith(`${this.#model}:`) && payload.userCode === userCode)?.[1];
    }
    async consume(id: string) {
      const payload = entries.get(this.#key(id));
      if (payload) payload.consumed = Math.floor(Date.now() / 1000);
    }
    async destroy(id: string) {
      entries.delete(this.#key(id));
    }
    async revokeByGrantId(grantId: string) {
      for (const [key, payload] of entries) if (payload.grantId === grantId) entries.delete(key);
    }
  };
}
