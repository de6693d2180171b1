import { PUBLISH_NOTE_TEXT as T } from '../../../shared/messages/events';

/**
 * The wizard's last step says what "submit" does (issue 32): a producer the platform trusts (or a superadmin,
 * or an event approved before) publishes at once; anyone else waits for a review, and is told how long.
 */
export function PublishNote({ direct }: { direct: boolean }) {
  return (
    <p className="alert alert-info alert-soft text-sm" data-testid="publish-note">
      {direct ? T.direct : T.review}
    </p>
  );
}
