import { expect } from 'chai';
import { soak } from '../../scripts/bench/sdk-soak.js';

/**
 * The soak of docs/sdk.md ("Measured"), with 50,000 spans instead of 1,000,000: the server is down for
 * the first half (connections refused), then up.
 */
describe('SDK soak: spans while the server is down, then up', function () {
  this.timeout(180_000);

  it('keeps the queue at its limit, never throws, accounts for every span, and delivers once the server is up', async () => {
    const report = await soak({ spans: 50_000, maxQueueSize: 2048 });
    expect(report.maxQueuedSpans).to.be.at.most(2048);
    expect(report.failedExports).to.be.greaterThan(0);
    expect(report.exportedSpans).to.be.greaterThan(0);
    expect(report.receivedBySink).to.equal(report.exportedSpans);
    expect(report.exportedSpans + report.droppedQueueFull + report.droppedAfterFailure).to.equal(report.spans);
    // 2,048 queued spans are a few MB; a heap that grew with the 50,000 spans would be far above this.
    expect(report.heapMaxMb - report.heapStartMb).to.be.below(48);
  });
});
