/** A place held in the admission budget; release it once the export's work is done. */
export interface AdmissionTicket {
  release(): void;
}

/**
 * How many decompressed OTLP bytes are being decoded, mapped and written at once in this process.
 * An export's working memory is a multiple of its decompressed size (decoded spans, span records,
 * rows, the copy handed to the database: docs/tenant-safety-input.md, "OTLP memory"), so bounding
 * the bytes in flight bounds the memory of concurrent exports. An export that does not fit while
 * others run is refused at once (the router answers 503 with Retry-After, a code OTLP exporters
 * retry) rather than queued, since queued it would already hold its body. One export alone is
 * always admitted, whatever its size: the body limits (OTLP_MAX_DECOMPRESSED_BYTES) bound it.
 */
export class ByteAdmission {
  private inFlight = 0;

  constructor(readonly budgetBytes: number) {
    if (!Number.isInteger(budgetBytes) || budgetBytes < 1) throw new Error(`ByteAdmission budget must be a positive integer; got ${budgetBytes}`);
  }

  /** A ticket for `bytes`, or null when other exports already hold too much of the budget. */
  admit(bytes: number): AdmissionTicket | null {
    if (this.inFlight > 0 && this.inFlight + bytes > this.budgetBytes) return null;
    this.inFlight += bytes;
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        this.inFlight -= bytes;
      },
    };
  }

  /** Decompressed bytes of the exports admitted and not yet done (for tests and diagnostics). */
  get inFlightBytes(): number {
    return this.inFlight;
  }
}
