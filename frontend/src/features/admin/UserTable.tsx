"use client";

import { useCallback, useState } from "react";
import { api, callPage, type Page } from "@/api/client";
import type { User } from "@/api/types";
import { useUser } from "@/auth/SessionProvider";
import { ErrorAlert } from "@/components/ErrorAlert";
import { Loading } from "@/components/Loading";
import { Pager } from "@/components/Pager";
import { isPastLastPage, PastLastPage } from "@/components/PastLastPage";
import { useAsync } from "@/lib/useAsync";
import { hasOtherActiveAdmin } from "./activeAdmins";
import { UserRow } from "./UserRow";
import { useUrlOffset } from "@/lib/useUrlOffset";

const PAGE_SIZE = 20;

export function UserTable({ onChanged }: { onChanged: () => void }) {
  const me = useUser();
  const [offset, setOffset] = useUrlOffset("users");
  const [updates, setUpdates] = useState<ReadonlyMap<string, User>>(new Map());
  const load = useCallback(
    (): Promise<Page<User>> =>
      callPage(api.GET("/api/v1/admin/users", { params: { query: { limit: PAGE_SIZE, offset } } })),
    [offset],
  );
  const { data, error } = useAsync(load);
  // Whether I am the last active admin, whom the API will not deactivate; unknown (loading, failed) leaves it to the API.
  const checkAdmins = useCallback(() => hasOtherActiveAdmin(me.id), [me.id]);
  const { data: otherActiveAdmin, reload: recheckAdmins } = useAsync(checkAdmins);

  const changed = useCallback(
    (user: User) => {
      setUpdates((current) => new Map(current).set(user.id, user));
      recheckAdmins(); // a role change or (re)activation may have made or removed another admin
      onChanged();
    },
    [onChanged, recheckAdmins],
  );

  if (error) return <ErrorAlert error={error} title="The users could not be loaded" />;
  if (!data) return <Loading label="Loading users…" />;
  if (isPastLastPage(offset, data.total, data.items.length)) {
    return (
      <PastLastPage urlKey="users" total={data.total} limit={PAGE_SIZE} noun="user" nouns="users"
        onChange={setOffset} />
    );
  }
  return (
    <>
      <div className="table-scroll">
        <table className="table-stack">
          <caption className="visually-hidden">Users of the organization, newest first</caption>
          <thead>
            <tr>
              <th scope="col">User</th>
              <th scope="col">Role</th>
              <th scope="col">Status</th>
              <th scope="col">Access</th>
            </tr>
          </thead>
          <tbody>
            {data.items.map((listed) => {
              const user = updates.get(listed.id) ?? listed;
              const isSelf = user.id === me.id;
              return (
                <UserRow key={user.id} user={user} isSelf={isSelf} lastActiveAdmin={isSelf && otherActiveAdmin === false}
                  onChanged={changed} />
              );
            })}
          </tbody>
        </table>
      </div>
      <Pager label="Users" offset={offset} limit={PAGE_SIZE} total={data.total} onChange={setOffset} />
    </>
  );
}
