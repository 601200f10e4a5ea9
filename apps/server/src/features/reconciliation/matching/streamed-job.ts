import { PartyStreamedComputation } from './party-streamed-compute.ts';
import { StreamedComputation, type StreamedJob, type StreamedRequest } from './streamed-compute.ts';

// The job's computation: a party at a time from spool files, so memory does
// not grow with the year, unless there are decisions to apply (a decision
// may name rows of any party, so those jobs hold the whole year).
// TAXRECON_RECON_WHOLE_YEAR=1 takes the whole-year way always (to compare).
export const holdsWholeYear = (request: StreamedRequest): boolean =>
  request.decisions.length > 0 || process.env.TAXRECON_RECON_WHOLE_YEAR === '1';

export const newStreamedJob = (request: StreamedRequest): StreamedJob =>
  holdsWholeYear(request) ? new StreamedComputation(request) : new PartyStreamedComputation(request);
