import { SpirvError } from '../errors/SpirvError.js';
import { DEFAULT_MAX_ID_BOUND, type ModuleHeader } from '../words/header.js';

/**
 * Hands out fresh result ids and keeps the header's bound right. There is one per module: every
 * id a pass or the builder creates comes from here.
 *
 * @example
 * ```ts
 * const id = module.ids.allocate(); // header.bound grows by one
 * ```
 */
export class IdAllocator {
  /** Largest bound this allocator will grow the header to. */
  limit: number;
  private readonly header: ModuleHeader;

  constructor(header: ModuleHeader, limit = DEFAULT_MAX_ID_BOUND) {
    this.header = header;
    this.limit = limit;
  }

  /** A fresh id; throws SpirvError `ID_LIMIT` when the bound would pass the limit. */
  allocate(): number {
    const id = this.header.bound;
    if (id + 1 > this.limit) {
      throw new SpirvError('ID_LIMIT', `cannot allocate a new id: the module's id bound ${id} has reached the limit ${this.limit}`, {
        hint: "raise the limit (idLimit option) if your consumers support larger bounds, or compact the module's ids",
      });
    }
    this.header.bound = id + 1;
    return id;
  }

  /** Every id currently usable is below this. */
  get bound(): number {
    return this.header.bound;
  }
}
