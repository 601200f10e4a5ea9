import type { ConnectedEntity } from '@taxrecon/contracts';
import { useState } from 'react';

// Connected entities being edited: what to add and what to remove on save.
export function useChildren(saved: readonly ConnectedEntity[]) {
  const [added, setAdded] = useState<string[]>([]);
  const [removed, setRemoved] = useState<string[]>([]);
  const entities: ConnectedEntity[] = [
    ...saved.filter((e) => !removed.includes(e.tanNumber)),
    ...added.map((tanNumber) => ({ tanNumber, id: null, name: null })),
  ];
  return {
    entities,
    added,
    removed,
    add: (tan: string) => {
      if (saved.some((e) => e.tanNumber === tan)) setRemoved((r) => r.filter((t) => t !== tan));
      else setAdded((a) => (a.includes(tan) ? a : [...a, tan]));
    },
    remove: (tan: string) => {
      if (added.includes(tan)) setAdded((a) => a.filter((t) => t !== tan));
      else setRemoved((r) => [...r, tan]);
    },
    reset: () => {
      setAdded([]);
      setRemoved([]);
    },
  };
}
