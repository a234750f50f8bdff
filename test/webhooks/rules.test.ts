import { expect } from 'chai';
import { randomBytes, randomUUID } from 'node:crypto';
import { isStrongIdempotencyKey } from '../../src/domain/idempotency/idempotency-key.js';
import { DestinationGuard } from '../../src/domain/webhooks/destination-guard.js';
import { MAX_ATTEMPTS, isRetryableStatus, retryDelayMs } from '../../src/domain/webhooks/retry-schedule.js';
import { SecretBox } from '../../src/domain/webhooks/secret-box.js';
import { sign } from '../../src/domain/webhooks/signature.js';

describe('idempotency key rule', () => {
  it('accepts random UUIDv4 and random base64url keys of 16 to 32 bytes', () => {
    for (let i = 0; i < 200; i += 1) {
      expect(isStrongIdempotencyKey(randomUUID())).to.equal(true);
      expect(isStrongIdempotencyKey(randomBytes(16 + (i % 17)).toString('base64url'))).to.equal(true);
    }
  });

  it('refuses low-entropy and malformed keys', () => {
    for (const key of ['aaaaaaaaaaaaaaaaaaaaaa', 'abcdefghijklmnopqrstuv', 'ABCDEFGHIJKLMNOPQRSTUV', '0123456789012345678901', '00000000-0000-4000-8000-000000000000', 'has spaces in it but long enough']) {
      expect(isStrongIdempotencyKey(key), key).to.equal(false);
    }
  });
});

describe('retry schedule', () => {
  it('backs off 30 s × 4^(n-1) capped at 6 h, with ±20 % jitter, for 8 attempts', () => {
    const nominal = [1, 2, 3, 4, 5, 6, 7].map((n) => retryDelayMs(n, () => 0.5));
    expect(nominal).to.deep.equal([30_000, 120_000, 480_000, 1_920_000, 7_680_000, 21_600_000, 21_600_000]);
    expect(retryDelayMs(1, () => 0)).to.equal(24_000);
    expect(retryDelayMs(1, () => 0.999999)).to.be.within(35_999, 36_000);
    expect(retryDelayMs(MAX_ATTEMPTS)).to.equal(null);
  });

  it('retries 5xx, 408 and 429 only', () => {
    expect([500, 502, 503, 408, 429].every(isRetryableStatus)).to.equal(true);
    expect([400, 401, 403, 404, 410, 422, 301].some(isRetryableStatus)).to.equal(false);
  });
});

describe('DestinationGuard', () => {
  const resolvingTo = (...addresses: string[]) => async () => addresses.map((address) => ({ address, family: (address.includes(':') ? 6 : 4) as 4 | 6 }));

  it('refuses a host when any of its addresses is private (DNS answers are all checked)', async () => {
    const guard = new DestinationGuard([], resolvingTo('93.184.216.34', '10.0.0.5'));
    const error = await guard.vet('https://hooks.example.com/x').then(() => null, (e: unknown) => e as { code: string });
    expect(error?.code).to.equal('PUBLIC_API_WEBHOOK_DESTINATION_FORBIDDEN');
  });

  it('allows a public host and pins the checked address', async () => {
    const guard = new DestinationGuard([], resolvingTo('93.184.216.34'));
    const vetted = await guard.vet('https://hooks.example.com/x');
    expect(vetted.address).to.deep.equal({ address: '93.184.216.34', family: 4 });
  });

  it('lets the allow-list name a private host but never a metadata address', async () => {
    expect((await new DestinationGuard(['internal.example'], resolvingTo('10.0.0.5')).vet('http://internal.example/x')).address.address).to.equal('10.0.0.5');
    const metadata = new DestinationGuard(['metadata.internal'], resolvingTo('169.254.169.254'));
    const error = await metadata.vet('http://metadata.internal/').then(() => null, (e: unknown) => e as { code: string });
    expect(error?.code).to.equal('PUBLIC_API_WEBHOOK_DESTINATION_FORBIDDEN');
  });
});

describe('webhook secrets', () => {
  it('seal and open with AES-256-GCM, bound to the webhook id', () => {
    const box = new SecretBox(undefined, 'server-secret');
    const sealed = box.seal('s3cret', 'webhook-a');
    expect(sealed).to.match(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/).and.not.contain('s3cret');
    expect(box.open(sealed, 'webhook-a')).to.equal('s3cret');
    // GCM's authentication fails for a wrong webhook id (associated data) and for a wrong key alike.
    expect(() => box.open(sealed, 'webhook-b')).to.throw(/unable to authenticate data/);
    expect(() => new SecretBox(undefined, 'another-server-secret').open(sealed, 'webhook-a')).to.throw(/unable to authenticate data/);
  });

  it('sign the Standard Webhooks test vector', () => {
    // From the Standard Webhooks specification's reference implementations.
    const signature = sign('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, '{"test": 2432232314}');
    expect(signature).to.equal('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });
});
