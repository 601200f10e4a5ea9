import { PartyStreamedComputation } from './party-streamed-compute.ts';
import { StreamedComputation, type StreamedJob, type StreamedRequest } from './streamed-compute.ts';

// The job's computation: a party at a time from spool files, so memory does
// not grow with the year (it still turns to the whole year when a decision
// cannot be applied to one party alone: decision-routing.ts).
// TAXRECON_RECON_WHOLE_YEAR=1 takes the whole-year way always (to compare).
export const holdsWholeYear = (_request: StreamedRequest): boolean =>
  process.env.TAXRECON_RECON_WHOLE_YEAR === '1';

export const newStreamedJob = (request: StreamedRequest): StreamedJob =>
  holdsWholeYear(request) ? new StreamedComputation(request) : new PartyStreamedComputation(request);
