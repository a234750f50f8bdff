import { expect } from 'chai';
import { ApiClient } from '../../src/cli/api-client.js';
import { ApiProblemError, describeFailure } from '../../src/cli/cli-errors.js';
import type { Credential } from '../../src/cli/credentials.js';
import type { SuccessData } from '../../src/http/operation-types.js';
import { forEachAdapter } from '../support/adapters.js';
import { startListeningServer, type ListeningServer } from './cli-harness.js';

const apiKey = (key: string): Credential => ({ kind: 'api-key', headers: async () => ({ 'x-api-key': key }), renew: async () => false });

forEachAdapter((adapter) => {
  describe('CLI HTTP client', () => {
    let listening: ListeningServer;
    before(async () => {
      listening = await startListeningServer(adapter, { env: { RATE_LIMIT_READ_PER_MINUTE: '2' } });
    });
    after(async () => listening.close());

    it('unwraps the success envelope to data', async () => {
      const { server, baseUrl } = listening;
      const client = new ApiClient({ baseUrl, credential: apiKey(server.tenant.apiKey), notice: () => undefined });
      const project = await client.get<SuccessData<'getProject'>>('/api/v1/public/project');
      expect(project.id).to.equal(server.tenant.project.id);
    });

    it('waits Retry-After on 429 and continues', async () => {
      const { server, baseUrl } = listening;
      const key = (await server.seedTenant('Gamma')).apiKey;
      const notices: string[] = [];
      const waits: number[] = [];
      // Waiting moves the server's clock, so the window really resets without sleeping in the test.
      const sleep = async (ms: number) => {
        waits.push(ms);
        server.clock.advance(ms);
      };
      const client = new ApiClient({ baseUrl, credential: apiKey(key), notice: (m) => notices.push(m), sleep });
      for (let i = 0; i < 3; i++) await client.get('/api/v1/public/project');
      expect(waits).to.have.length(1);
      expect(waits[0]).to.be.within(1000, 60_000);
      expect(notices).to.deep.equal([`Rate limited; waiting ${waits[0] / 1000} s (Retry-After) and continuing…`]);
    });

    it('turns Problem Details into an error rendered with title, detail and requestId', async () => {
      const { baseUrl } = listening;
      const client = new ApiClient({ baseUrl, credential: apiKey('tw_pk_unknown'), notice: () => undefined });
      const error = await client.get('/api/v1/public/project').then(
        () => expect.fail('expected a problem'),
        (e: unknown) => e,
      );
      expect(error).to.be.instanceOf(ApiProblemError);
      const { problem } = error as ApiProblemError;
      expect(problem.code).to.equal('PUBLIC_API_INVALID_CREDENTIAL');
      expect(describeFailure(error)).to.deep.equal([
        `Error: ${problem.title} (401 PUBLIC_API_INVALID_CREDENTIAL)`,
        `  ${problem.detail}`,
        `  requestId: ${problem.requestId}`,
      ]);
    });
  });
});
