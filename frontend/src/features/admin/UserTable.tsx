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

  const changed = useCallback(
    (user: User) => {
      setUpdates((current) => new Map(current).set(user.id, user));
      onChanged();
    },
    [onChanged],
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
        <table>
          <caption className="visually-hidden">Users of the organization, newest first</caption>
          <thead>
            <tr>
              <th scope="col">User</th>
              <th scope="col">Roles</th>
              <th scope="col">Status</th>
              <th scope="col">Access</th>
            </tr>
          </thead>
          <tbody>
            {data.items.map((listed) => {
              const user = updates.get(listed.id) ?? listed;
              return <UserRow key={user.id} user={user} isSelf={user.id === me.id} onChanged={changed} />;
            })}
          </tbody>
        </table>
      </div>
      <Pager label="Users" offset={offset} limit={PAGE_SIZE} total={data.total} onChange={setOffset} />
    </>
  );
}
