import { expect } from 'chai';
import { bucketOf, DEFAULT_DRAIN, generalize, nearestCandidate, similarityOf, templateOf } from '../../src/domain/clusters/drain-matching.js';
import { maskFailureText, tokenizeFailureText } from '../../src/domain/clusters/failure-masking.js';
import { failureSignature, templateText } from '../../src/domain/clusters/failure-signature.js';
import { adjustedRandIndex } from '../support/adjusted-rand-index.js';

describe('failure clustering: masking, signatures, Drain matching, ARI', () => {
  describe('maskFailureText', () => {
    it('masks URLs, quoted values, e-mails, uuids, IP addresses, paths, hex ids and numbers with units', () => {
      expect(maskFailureText('GET https://api.example.com/v1/users?id=42 failed')).to.equal('GET <URL> failed');
      expect(maskFailureText(`key "user-17" and 'abc' not found; can't retry`)).to.equal(`key <STR> and <STR> not found; can't retry`);
      expect(maskFailureText('mail to ann@example.org bounced')).to.equal('mail to <EMAIL> bounced');
      expect(maskFailureText('request 3f2b8c1e-9a7d-4c1b-8e2f-0a1b2c3d4e5f lost')).to.equal('request <ID> lost');
      expect(maskFailureText('connect 10.0.0.12:5432 refused')).to.equal('connect <IP> refused');
      expect(maskFailureText('open /var/log/app/out.log and C:\\temp\\x\\y.txt')).to.equal('open <PATH> and <PATH>');
      expect(maskFailureText('commit 9fceb02d0ae598e95dc970b74767f19372d61af8 at 0x7ffd')).to.equal('commit <HEX> at <HEX>');
      expect(maskFailureText('timeout after 30s (500ms, 12%, -1.5, 1e-9)')).to.equal('timeout after <NUM> (<NUM>, <NUM>, <NUM>, <NUM>)');
    });
  });

  describe('tokenizeFailureText', () => {
    it('splits on whitespace and field punctuation and makes any token still holding a digit the wildcard', () => {
      expect(tokenizeFailureText('rate limit: model=gpt-4o (retry) [req_8f3a]')).to.deep.equal(['rate', 'limit', 'model', '<*>', 'retry', '<*>']);
    });
  });

  describe('failureSignature', () => {
    const span = (spanId: string, parentSpanId: string | null, position: number, status: string, error: string | null, spanType = 'tool', name = 'call') => ({ spanId, parentSpanId, position, name, spanType, status: status as 'success' | 'error', error });

    it('reads the origin of the failure: the first error span none of whose children failed', () => {
      const tokens = failureSignature({ status: 'error', name: 't', firings: [], spans: [span('root', null, 0, 'error', 'agent failed', 'agent', 'run'), span('a', 'root', 1, 'success', null), span('b', 'root', 2, 'error', 'timeout after 30s', 'tool', 'http get')] }, 48);
      expect(tokens).to.deep.equal(['tool', 'http_get', 'timeout', 'after', '<NUM>']);
    });

    it('reads an error trace without an error span as the trace, and a trace that only fired as its firing', () => {
      expect(failureSignature({ status: 'error', name: 'chat 42', firings: [], spans: [span('a', null, 0, 'success', null)] }, 48)).to.deep.equal(['trace', 'chat_<NUM>', 'error']);
      expect(failureSignature({ status: 'ok', name: 'chat', firings: [{ detectionId: 'd', slug: 'pii', spanId: 'a' }], spans: [span('a', null, 0, 'success', null, 'llm', 'answer')] }, 48)).to.deep.equal(['fired', 'pii', 'llm', 'answer']);
      expect(failureSignature({ status: 'ok', name: 'chat', firings: [], spans: [span('a', null, 0, 'success', null)] }, 48)).to.equal(null);
    });

    it('keeps at most maxTokens tokens', () => {
      expect(failureSignature({ status: 'error', name: 't', firings: [], spans: [span('a', null, 0, 'error', 'a b c d e f')] }, 4)).to.deep.equal(['tool', 'call', 'a', 'b']);
    });
  });

  describe('Drain matching', () => {
    it('keys a leaf by length and the first depth − 2 tokens, placeholders read as the wildcard', () => {
      expect(bucketOf(['tool', 'http_get', 'timeout'], DEFAULT_DRAIN)).to.equal('3 tool http_get');
      expect(bucketOf(['<NUM>', 'x'], DEFAULT_DRAIN)).to.equal('2 <*> x');
    });

    it('measures similarity as matching non-wildcard positions over length; other lengths never match', () => {
      expect(similarityOf(['a', '<*>', 'c', 'd'], ['a', 'b', 'c', 'x'])).to.deep.equal({ similarity: 0.5, wildcards: 1 });
      expect(similarityOf(['a'], ['a', 'b']).similarity).to.equal(-1);
    });

    it('picks the most similar template, ties to the more general one, then the earlier one', () => {
      const candidates = [
        { template: ['a', 'b', 'c', 'd'], sequence: 1 },
        { template: ['a', 'b', 'c', '<*>'], sequence: 2 },
        { template: ['a', 'b', 'c', '<*>'], sequence: 3 },
      ];
      expect(nearestCandidate(candidates, ['a', 'b', 'c', 'z'])?.candidate.sequence).to.equal(2);
      expect(nearestCandidate(candidates, ['a', 'b', 'c', 'd'])?.candidate.sequence).to.equal(1);
    });

    it('generalizes a template where a joining signature differs', () => {
      expect(generalize(['a', 'b', 'c'], ['a', 'x', 'c'])).to.deep.equal(['a', '<*>', 'c']);
      expect(templateOf([['a', 'b'], ['a', 'c'], ['a', 'd']])).to.deep.equal(['a', '<*>']);
      expect(templateText(['tool', 'http_get', 'timeout', '<*>'])).to.equal('tool http_get: timeout <*>');
    });
  });

  describe('adjustedRandIndex (Hubert & Arabie 1985)', () => {
    // The examples of scikit-learn's adjusted_rand_score documentation
    // (https://scikit-learn.org/stable/modules/generated/sklearn.metrics.adjusted_rand_score.html).
    it('matches scikit-learn documentation examples', () => {
      expect(adjustedRandIndex([0, 0, 1, 1], [0, 0, 1, 1])).to.equal(1);
      expect(adjustedRandIndex([0, 0, 1, 1], [1, 1, 0, 0])).to.equal(1);
      expect(adjustedRandIndex([0, 0, 1, 2], [0, 0, 1, 1])).to.be.closeTo(0.5714285714285714, 1e-12);
      expect(adjustedRandIndex([0, 0, 1, 1], [0, 0, 1, 2])).to.be.closeTo(0.5714285714285714, 1e-12);
      expect(adjustedRandIndex([0, 0, 0, 0], [0, 1, 2, 3])).to.equal(0);
      expect(adjustedRandIndex([0, 0, 1, 1], [0, 1, 0, 1])).to.be.closeTo(-0.5, 1e-12);
    });

    it('matches a hand computation on a 6-item case', () => {
      // truth {1,2,3}{4,5,6}, predicted {1,2}{3,4}{5,6}: Σ C(n_ij,2) = 2, Σ C(a,2) = 6, Σ C(b,2) = 3,
      // C(6,2) = 15, E = 18/15 = 1.2, max = 4.5 → (2 − 1.2) / (4.5 − 1.2) = 0.8 / 3.3.
      expect(adjustedRandIndex(['a', 'a', 'a', 'b', 'b', 'b'], [1, 1, 2, 2, 3, 3])).to.be.closeTo(0.8 / 3.3, 1e-12);
    });
  });
});
