import type { ConnectedEntity } from '@taxrecon/contracts';
import type { AppContext } from '../../../platform/context.ts';
import { type Caller, currentEntity } from '../../../platform/http/caller.ts';
import { badRequest, notFound } from '../../../platform/http/errors.ts';
import { type Cell, conflictOn, writeTsv } from '../shared.ts';
import type { PartyApi, PartyInput, PartyKind, PartyKindName, PartyRow, PartySearch } from './kind.ts';
import {
  allParties,
  changeChildren,
  findParty,
  insertParty,
  partiesWithPan,
  partyChildren,
  searchParties,
  updateParty,
} from './repo.ts';

// The party master (customers or vendors, by kind) of the caller's current
// entity. A party of another entity or tenant answers 404, exactly as one
// that does not exist.

export const partyNotFound = <K extends PartyKindName>(kind: PartyKind<K>) => `${kind.label} not found`;

export interface SavePartyRequest<K extends PartyKindName> {
  party: PartyInput<K>;
  children: string[];
  removedChildren: string[];
}

export const partyService = <K extends PartyKindName>(ctx: AppContext, kind: PartyKind<K>) => {
  const label = kind.label;
  const lower = label.toLowerCase();

  // The row of the entity's party, or 404.
  const found = async (entityId: string, id: string): Promise<PartyRow<K>> => {
    const row = await findParty(ctx.db, kind, entityId, id);
    if (!row) throw notFound(partyNotFound(kind));
    return row;
  };

  const detail = async (entityId: string, id: string) => ({
    ...kind.toApi(await found(entityId, id)),
    children: await partyChildren(ctx.db, kind, entityId, id),
  });

  return {
    entity: (caller: Caller) => currentEntity(ctx, caller),
    found,
    detail,

    search: async (caller: Caller, request: PartySearch<K>) =>
      searchParties(ctx.db, kind, await currentEntity(ctx, caller), request),

    // Saves the party and its connected-entity changes; answers the saved party's id
    // and whether it was an update.
    save: async (caller: Caller, request: SavePartyRequest<K>) => {
      const entityId = await currentEntity(ctx, caller);
      const party = kind.beforeSave(request.party);
      const { children, removedChildren } = request;
      const tan = party.tanNumber;
      if (tan && children.includes(tan))
        throw badRequest(`A ${lower} cannot be its own connected entity.`, 'OWN_TAN_AS_CHILD');
      const existingId = kind.idOf(party);
      const duplicateCode = conflictOn(
        kind.codeUniqueConstraint,
        `${label} Code ${kind.codeOf(party)} is already used by another ${lower} of this entity.`,
      );
      const id = await ctx.db
        .transaction()
        .execute(async (trx) => {
          let saved: string;
          if (existingId) {
            if (!(await updateParty(trx, kind, entityId, existingId, party)))
              throw notFound(partyNotFound(kind));
            saved = existingId;
          } else {
            saved = await insertParty(trx, kind, entityId, party);
          }
          // Removals first, so a TAN both removed and added stays connected.
          await changeChildren(trx, kind, saved, children, removedChildren);
          return saved;
        })
        .catch(duplicateCode);
      return { entityId, id, message: existingId ? `${label} Updated` : `${label} Created` };
    },

    // Connected entities of a party, and the other parties of the kind sharing
    // its PAN (the same legal person with another TAN: candidates to connect).
    connected: async (caller: Caller, query: { panNumber: string | null; id: string | null }) => {
      const entityId = await currentEntity(ctx, caller);
      let pan = query.panNumber;
      let children: ConnectedEntity[] = [];
      if (query.id) {
        const row = await found(entityId, query.id);
        pan = pan ?? row.pan_number;
        children = await partyChildren(ctx.db, kind, entityId, query.id);
      }
      const samePan: PartyApi<K>[] = pan ? await partiesWithPan(ctx.db, kind, entityId, pan, query.id) : [];
      return { children, samePan };
    },

    withPan: async (caller: Caller, pan: string) =>
      partiesWithPan(ctx.db, kind, await currentEntity(ctx, caller), pan, null),

    exportFile: async (caller: Caller): Promise<string> => {
      const parties = await allParties(ctx.db, kind, await currentEntity(ctx, caller));
      const line = (party: Readonly<Record<string, Cell>>) => kind.masterFields.map((f) => party[f]);
      return writeTsv(kind.masterFields, parties.map(line));
    },

    templateFile: (): string => writeTsv(kind.masterFields, []),
  };
};
