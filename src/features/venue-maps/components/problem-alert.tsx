import { ApiError, messageOf } from '../../../lib/api';

/** A refusal as the back office shows it: the API's Spanish message and the seats or fields it names. */
export type Problem = { message: string; items: string[]; status: number };

export function problemOf(err: unknown): Problem {
  if (!(err instanceof ApiError)) return { message: messageOf(err), items: [], status: 0 };
  const items = [...new Set(Object.values(err.errors ?? {}).flat())].filter((item) => item !== err.message);
  return { message: err.message, items, status: err.status };
}

/** The refusal announced at once (`role="alert"`), its list under a heading, and an action (reload) if any. */
export function ProblemAlert({
  problem,
  heading,
  action,
}: {
  problem: Problem | null;
  heading: string;
  action?: { label: string; onClick: () => void };
}) {
  if (!problem) return null;
  return (
    <div role="alert" className="alert alert-error flex flex-col items-start gap-2" data-testid="problem">
      <p>{problem.message}</p>
      {problem.items.length > 0 && (
        <>
          <p className="font-semibold">{heading}</p>
          <ul className="list-disc pl-5">
            {problem.items.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </>
      )}
      {action && (
        <button type="button" className="btn btn-sm" onClick={action.onClick}>
          {action.label}
        </button>
      )}
    </div>
  );
}
