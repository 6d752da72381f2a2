import { act, fireEvent, render, screen } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { useUrlOffset } from "./useUrlOffset";

function Pages({ name }: { name: string }) {
  const [offset, setOffset] = useUrlOffset(name);
  return (
    <button type="button" onClick={() => setOffset(offset + 20)}>
      {name} at {offset}
    </button>
  );
}

describe("useUrlOffset", () => {
  beforeEach(() => window.history.replaceState(null, "", "/documents"));

  it("starts from the address, so a reload stays on the page", () => {
    window.history.replaceState(null, "", "/documents?documents=40");
    render(<Pages name="documents" />);
    expect(screen.getByRole("button").textContent).toBe("documents at 40");
  });

  it("writes a page turn to the address and Back returns to the page before", () => {
    render(<Pages name="documents" />);
    fireEvent.click(screen.getByRole("button"));
    expect(window.location.search).toBe("?documents=20");
    expect(screen.getByRole("button").textContent).toBe("documents at 20");
    act(() => {
      window.history.replaceState(null, "", "/documents");
      window.dispatchEvent(new PopStateEvent("popstate"));
    });
    expect(screen.getByRole("button").textContent).toBe("documents at 0");
  });

  it("keeps two lists on one page apart and ignores a value that is no offset", () => {
    window.history.replaceState(null, "", "/admin?users=20&audit=-5");
    render(
      <>
        <Pages name="users" />
        <Pages name="audit" />
      </>,
    );
    expect(screen.getAllByRole("button").map((button) => button.textContent)).toEqual(["users at 20", "audit at 0"]);
  });
});
