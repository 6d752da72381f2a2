import { describe, expect, it } from "vitest";
import { clearToken, loadToken, saveToken, tokenFromLogin } from "./tokenStore";

describe("tokenStore", () => {
  it("turns expires_in (seconds) into an absolute expiry", () => {
    expect(tokenFromLogin("jwt", 900, 1_000)).toEqual({ accessToken: "jwt", expiresAt: 901_000 });
  });

  it("keeps the token in sessionStorage only, never in localStorage", () => {
    saveToken({ accessToken: "jwt", expiresAt: 5_000 });
    expect(loadToken(1_000)).toEqual({ accessToken: "jwt", expiresAt: 5_000 });
    expect(window.localStorage.length).toBe(0);
    clearToken();
    expect(loadToken(1_000)).toBeNull();
  });

  it("drops an expired or malformed token", () => {
    saveToken({ accessToken: "jwt", expiresAt: 5_000 });
    expect(loadToken(5_000)).toBeNull();
    window.sessionStorage.setItem("orion.session", "{not json");
    expect(loadToken(0)).toBeNull();
    window.sessionStorage.setItem("orion.session", JSON.stringify({ accessToken: 42, expiresAt: "soon" }));
    expect(loadToken(0)).toBeNull();
  });
});
