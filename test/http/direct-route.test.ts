import { expect } from 'chai';
import { createServer } from 'node:http';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import supertest from 'supertest';
import { answerDirectly } from '../../src/http/direct-route.js';

interface Built {
  app: express.Express;
  /** What each step saw, in order, per request. */
  seen: string[];
}

/**
 * An app as src/app.ts builds it: a frame middleware for every request, a router-only middleware
 * (the probes' place), a face mounted at /face, a 404 and an error handler; /face also served
 * directly with the frame and the face.
 */
function build(face: RequestHandler): Built {
  const seen: string[] = [];
  const app = express();
  const frame: RequestHandler = (req, res, next) => {
    seen.push(`frame ${req.url}`);
    res.locals.framed = true;
    next();
  };
  const routerOnly: RequestHandler = (req, _res, next) => {
    seen.push(`router ${req.url}`);
    next();
  };
  const notFound: RequestHandler = (req, _res, next) => next(new Error(`not found: ${req.url}`));
  const onError = (error: Error, _req: Request, res: Response, _next: NextFunction) => {
    seen.push(`error ${error.message}`);
    res.status(500).json({ error: error.message });
  };
  app.use(frame);
  app.use(routerOnly);
  app.use('/face', face);
  app.use(notFound);
  app.use(onError);
  answerDirectly(app, { path: '/face', frame: [frame], face, fallThrough: notFound, onError });
  return { app, seen };
}

/** A face answering what a mounted middleware sees of its request. */
const echo: RequestHandler = (req, res) => {
  res.status(200).json({ url: req.url, originalUrl: req.originalUrl, baseUrl: req.baseUrl, path: req.path, framed: res.locals.framed === true });
};

describe('answerDirectly (a path served ahead of the router)', () => {
  it('runs the frame and the face for the exact path, without the router, seeing the request as under the mount', async () => {
    const { app, seen } = build(echo);
    const answer = await supertest(app).get('/face');
    expect([answer.status, answer.body]).to.deep.equal([200, { url: '/', originalUrl: '/face', baseUrl: '/face', path: '/', framed: true }]);
    expect(seen).to.deep.equal(['frame /face']);
  });

  it('keeps the query string, as the mount does', async () => {
    const { app, seen } = build(echo);
    const answer = await supertest(app).get('/face?a=1');
    expect(answer.body).to.deep.equal({ url: '/?a=1', originalUrl: '/face?a=1', baseUrl: '/face', path: '/', framed: true });
    expect(seen).to.deep.equal(['frame /face?a=1']);
  });

  it('leaves every other path to the router: below the path, another case, a longer name', async () => {
    const { app, seen } = build(echo);
    const below = await supertest(app).get('/face/x');
    expect(below.body).to.deep.equal({ url: '/x', originalUrl: '/face/x', baseUrl: '/face', path: '/x', framed: true });
    const upper = await supertest(app).get('/FACE');
    expect(upper.body).to.deep.equal({ url: '/', originalUrl: '/FACE', baseUrl: '/FACE', path: '/', framed: true });
    const longer = await supertest(app).get('/faces');
    expect([longer.status, longer.body]).to.deep.equal([500, { error: 'not found: /faces' }]);
    expect(seen).to.deep.equal(['frame /face/x', 'router /face/x', 'frame /FACE', 'router /FACE', 'frame /faces', 'router /faces', 'error not found: /faces']);
  });

  it('gives a next(error), a throw and a rejected promise of a step to the error handler', async () => {
    const faces: Record<string, RequestHandler> = {
      next: (_req, _res, next) => next(new Error('passed')),
      throw: () => {
        throw new Error('thrown');
      },
      reject: async () => {
        throw new Error('rejected');
      },
    };
    for (const [kind, face] of Object.entries(faces)) {
      const { app, seen } = build(face);
      const answer = await supertest(app).post('/face');
      expect([kind, answer.status, answer.body.error]).to.deep.equal([kind, 500, { next: 'passed', throw: 'thrown', reject: 'rejected' }[kind]]);
      expect(seen).to.deep.equal(['frame /face', `error ${answer.body.error}`]);
    }
  });

  it('goes to the fall-through, seeing the request as the app does, when the face passes it on', async () => {
    const { app, seen } = build((_req, _res, next) => next());
    const answer = await supertest(app).get('/face');
    expect([answer.status, answer.body]).to.deep.equal([500, { error: 'not found: /face' }]);
    expect(seen).to.deep.equal(['frame /face', 'error not found: /face']);
  });

  it("gives a plain node server's request and response express's own (status, json, locals)", async () => {
    const { app } = build(echo);
    const server = createServer(app);
    const answer = await supertest(server).get('/face');
    expect([answer.status, answer.body.framed, answer.headers['content-type']]).to.deep.equal([200, true, 'application/json; charset=utf-8']);
  });
});
