import type { ChangeKind, ChangeOf } from '../../domain/changes';

/**
 * The changes writers emit are declared in the domain (functions/domain/changes.ts), where the objects name
 * theirs too; the reactions modules subscribe to them here.
 */
export type { Change, ChangeKind, ChangeOf } from '../../domain/changes';

/** A reader's subscriptions: what it does for each kind of change it cares about. */
export type Reactions = { [K in ChangeKind]?: (env: Env, change: ChangeOf<K>) => Promise<void> };
