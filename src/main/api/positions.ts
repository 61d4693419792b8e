// The library of positions: list and search, get, save, update, duplicate, delete.

import {
  createPosition,
  deletePosition,
  duplicatePosition,
  getPosition,
  listPositions,
  listTags,
  updatePosition,
} from '../store/positions';
import type { ApiContext } from './context';
import type { HandlersFor } from './handlers';

export function positionsApi(
  ctx: ApiContext,
): HandlersFor<
  | 'positionsList'
  | 'positionsTags'
  | 'positionsGet'
  | 'positionsSave'
  | 'positionsUpdate'
  | 'positionsDuplicate'
  | 'positionsDelete'
> {
  const { db } = ctx;
  return {
    positionsList: (p) => listPositions(db, p),
    positionsTags: () => listTags(db),
    positionsGet: (p) => getPosition(db, p.id),
    positionsSave: (p) => createPosition(db, p),
    positionsUpdate: ({ id, ...patch }) => updatePosition(db, id, patch),
    positionsDuplicate: (p) => duplicatePosition(db, p.id, p.name),
    positionsDelete: (p) => ({ deleted: deletePosition(db, p.id) }),
  };
}
