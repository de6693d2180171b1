-- One owner for a ticket's fate (issue 29): an operation that changes who may enter (transfer, refund, resale,
-- revocation, cancellation) claims its tickets at the event's check-in object first. Its D1 write carries the
-- claim's id here as 'committed', in the same batch; the check-in object, settling a claim whose operation may
-- have died, first writes the id as 'void' (insert or ignore). The primary key lets exactly one of the two win:
-- an operation fenced off this way fails its whole batch and changes nothing.
create table door_claims (
  id text primary key,
  event_id integer not null,
  state text not null check (state in ('committed', 'void')),
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) without rowid;
