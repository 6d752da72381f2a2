import { describe, expect, it } from "vitest";
import { actionLabel, detailsText } from "./auditText";

describe("actionLabel", () => {
  it("names every action the server records in plain words", () => {
    expect(actionLabel("user_created")).toBe("Created user");
    expect(actionLabel("roles_changed")).toBe("Changed roles");
    expect(actionLabel("user_deactivated")).toBe("Deactivated user");
    expect(actionLabel("user_reactivated")).toBe("Reactivated user");
    expect(actionLabel("document_deleted")).toBe("Deleted document");
    expect(actionLabel("document_purged")).toBe("Purged document");
    expect(actionLabel("token_created")).toBe("Created token");
    expect(actionLabel("token_revoked")).toBe("Revoked token");
  });

  it("shows an unknown code as itself", () => {
    expect(actionLabel("something_new")).toBe("something_new");
  });
});

describe("detailsText", () => {
  it("reads a role change as before → after", () => {
    expect(detailsText({ before: ["viewer"], after: ["member"] })).toBe("roles: viewer → member");
  });

  it("reads a new user, a revocation reason and a purge in words", () => {
    expect(detailsText({ email: "mia@example.org", roles: ["member"] })).toBe("email: mia@example.org; roles: member");
    expect(detailsText({ name: "laptop", owner: "me@example.org", reason: "password_changed" })).toBe(
      "name: laptop; owner: me@example.org; reason: password changed",
    );
    expect(detailsText({ deleted_before: true })).toBe("deleted earlier");
    expect(detailsText({ title: "FAQ", parent_document_id: "d1" })).toBe("title: FAQ; attached to: d1");
  });

  it("has nothing to say for no details", () => {
    expect(detailsText(null)).toBeNull();
    expect(detailsText({})).toBeNull();
  });
});
