import { expect } from 'chai';
import express, { type NextFunction, type Request, type Response } from 'express';
import supertest from 'supertest';
import { lazyRouter, underPaths } from '../../src/http/lazy-router.js';

/** An app with one lazy router under /face, a fallback 404 and an error handler naming the error. */
function appWith(build: () => Promise<express.RequestHandler>) {
  const app = express();
  app.use(lazyRouter(underPaths('/face'), build));
  app.use((_req, res) => res.status(404).send('fallback'));
  app.use((error: Error, _req: Request, res: Response, _next: NextFunction) => res.status(500).send(error.message));
  return app;
}

const faceRouter = () => {
  const router = express.Router();
  router.get('/face/hello', (_req, res) => res.send('hello'));
  return router;
};

describe('lazyRouter (faces loaded on their first request)', () => {
  it('builds nothing for requests outside its paths, which pass on to the next middleware', async () => {
    let builds = 0;
    const app = appWith(async () => ((builds += 1), faceRouter()));
    const answer = await supertest(app).get('/elsewhere').expect(404);
    expect([answer.text, builds]).to.deep.equal(['fallback', 0]);
  });

  it('builds once for concurrent first requests and serves each through the built router', async () => {
    let builds = 0;
    const app = appWith(async () => ((builds += 1), faceRouter()));
    const answers = await Promise.all([1, 2, 3].map(() => supertest(app).get('/face/hello')));
    expect(answers.map((answer) => [answer.status, answer.text])).to.deep.equal([[200, 'hello'], [200, 'hello'], [200, 'hello']]);
    expect(builds).to.equal(1);
    expect((await supertest(app).get('/face/other')).text).to.equal('fallback');
    expect(builds).to.equal(1);
  });

  it('passes a failed build to the error handler and builds again on the next request', async () => {
    let builds = 0;
    const app = appWith(async () => {
      builds += 1;
      if (builds === 1) throw new Error('build failed');
      return faceRouter();
    });
    const failed = await supertest(app).get('/face/hello');
    expect([failed.status, failed.text]).to.deep.equal([500, 'build failed']);
    const served = await supertest(app).get('/face/hello');
    expect([served.status, served.text, builds]).to.deep.equal([200, 'hello', 2]);
  });

  it('matches a prefix, the paths below it and other letter cases (as express routes do), not a longer sibling', () => {
    const serves = underPaths('/oauth', '/.well-known');
    const at = (path: string) => serves({ path } as Request);
    expect(['/oauth', '/oauth/token', '/OAuth/Token', '/.well-known/x', '/oauthx', '/other/oauth'].map(at)).to.deep.equal([true, true, true, true, false, false]);
  });
});
