import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

// A software authenticator, as a browser's WebAuthn would answer with a platform passkey:
// ES256 keys from node:crypto, "none" attestation, a signature counter. The server checks its
// answers with the same library and rules it applies to real browsers.

type CreationOptions = { challenge: string; rp: { id?: string }; user: { id: string } };
type RequestOptions = { challenge: string; rpId?: string };

interface Credential {
  id: Buffer;
  key: KeyObject;
  rpId: string;
  userHandle: string;
  counter: number;
}

const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url');
const sha256 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest();

export class SoftAuthenticator {
  readonly credentials: Credential[] = [];
  /** Whether the person is verified on the device (a fingerprint or PIN): the UV flag. */
  userVerification: boolean;
  /** Whether the passkey is synced by a provider: the backup flags. */
  synced: boolean;

  constructor(options: { userVerification?: boolean; synced?: boolean } = {}) {
    this.userVerification = options.userVerification ?? true;
    this.synced = options.synced ?? false;
  }

  private flags(attested: boolean): number {
    return 0x01 | (this.userVerification ? 0x04 : 0) | (this.synced ? 0x18 : 0) | (attested ? 0x40 : 0);
  }

  private authData(rpId: string, counter: number, attested?: Buffer): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([sha256(rpId), Buffer.from([this.flags(attested !== undefined)]), count, attested ?? Buffer.alloc(0)]);
  }

  /** navigator.credentials.create, answered as @simplewebauthn/browser hands it on. */
  create(options: CreationOptions, origin: string) {
    const rpId = options.rp.id ?? new URL(origin).hostname;
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const cose = new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x ?? '', 'base64url')],
      [-3, Buffer.from(jwk.y ?? '', 'base64url')],
    ]);
    const id = randomBytes(16);
    const length = Buffer.alloc(2);
    length.writeUInt16BE(id.length);
    const attested = Buffer.concat([Buffer.alloc(16), length, id, Buffer.from(isoCBOR.encode(cose))]);
    const authData = this.authData(rpId, 0, attested);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Map<string, string> | Uint8Array>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', authData],
      ]),
    );
    this.credentials.push({ id, key: privateKey, rpId, userHandle: options.user.id, counter: 0 });
    const clientData = { type: 'webauthn.create', challenge: options.challenge, origin, crossOrigin: false };
    return {
      id: b64url(id),
      rawId: b64url(id),
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(JSON.stringify(clientData)),
        attestationObject: b64url(attestationObject),
        transports: ['internal' as const],
      },
      authenticatorAttachment: 'platform' as const,
      clientExtensionResults: {},
    };
  }

  /** navigator.credentials.get with the newest passkey of the host (or the one given); counts one use. */
  get(options: RequestOptions, origin: string, pick?: { credential?: Credential; counter?: number }) {
    const rpId = options.rpId ?? new URL(origin).hostname;
    const credential = pick?.credential ?? this.credentials.findLast((c) => c.rpId === rpId);
    if (!credential) throw new Error(`no passkey for ${rpId}`);
    credential.counter = pick?.counter ?? credential.counter + 1;
    const authData = this.authData(rpId, credential.counter);
    const clientDataJSON = Buffer.from(JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin, crossOrigin: false }));
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), credential.key);
    return {
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: credential.userHandle,
      },
      authenticatorAttachment: 'platform' as const,
      clientExtensionResults: {},
    };
  }
}
