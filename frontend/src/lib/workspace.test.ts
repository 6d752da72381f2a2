import { describe, expect, it } from "vitest";
import { workspaceLabel } from "./workspace";

describe("workspaceLabel", () => {
  it("names a private workspace in words instead of its internal id", () => {
    expect(workspaceLabel("tenant-81e5b272043746f1955572beeb1fbba5")).toBe("Private workspace");
  });

  it("shows any other name as it is, even one that only looks like an id", () => {
    expect(workspaceLabel("Bluebird Bikes")).toBe("Bluebird Bikes");
    expect(workspaceLabel("tenant-81E5B272043746F1955572BEEB1FBBA5")).toBe("tenant-81E5B272043746F1955572BEEB1FBBA5");
    expect(workspaceLabel("tenant-81e5b272043746f1955572beeb1fbba")).toBe("tenant-81e5b272043746f1955572beeb1fbba");
    expect(workspaceLabel("my tenant-81e5b272043746f1955572beeb1fbba5")).toBe("my tenant-81e5b272043746f1955572beeb1fbba5");
  });
});
