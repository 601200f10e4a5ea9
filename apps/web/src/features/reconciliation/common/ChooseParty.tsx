import type { ReconKind } from '@taxrecon/contracts';
import { OpenFromList } from '../../../components/OpenFromList.tsx';
import { KIND_TEXT } from './kind.ts';
import { jobListPath } from './paths.ts';

// A screen of one customer's (vendor's) figures opened without the party:
// where to go to open it from a job's result.
export function ChooseParty({ kind }: { kind: ReconKind }) {
  const party = KIND_TEXT[kind].party.toLowerCase();
  return (
    <OpenFromList
      title={`Choose a ${party}`}
      to={jobListPath(kind)}
      action={`All ${kind} reconciliation jobs`}
    >
      {`This screen shows one ${party}: open it from a ${party} in a reconciliation job's result.`}
    </OpenFromList>
  );
}
