import { notifyModeration } from '../services/events/notify';
import type { Reactions } from './changes';

/** Mail's reactions: the messages a change sends by itself, whoever made it. */
export const mailReactions: Reactions = {
  /** The producer hears the platform's decision on its event. */
  eventReviewed: (env, { event, decision }) => notifyModeration(env, event, decision),
};
