import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { api } from "@/api/client";
import type { User } from "@/api/types";
import { DeleteDocument } from "./DeleteDocument";
import { DocumentsPage } from "./DocumentsPage";

const router = vi.hoisted(() => ({ replace: vi.fn(), push: vi.fn() }));
vi.mock("next/navigation", () => ({ useRouter: () => router, usePathname: () => "/documents" }));
vi.mock("@/auth/SessionProvider", () => ({
  useUser: (): Partial<User> => ({ id: "u1", email: "ann@example.org", roles: ["viewer"] }),
}));

const deleted = () => ({ data: undefined, response: new Response(null, { status: 204 }) }) as never;
const emptyList = () =>
  vi.spyOn(api, "GET").mockResolvedValue({
    data: [],
    response: new Response(null, { status: 200, headers: { "X-Total-Count": "0" } }),
  } as never);

async function deleteThroughDialog(purge: boolean) {
  const remove = vi.spyOn(api, "DELETE").mockResolvedValue(deleted());
  const { unmount } = render(<DeleteDocument documentId="d1" title="Visitor handbook" />);
  fireEvent.click(screen.getByRole("button", { name: "Delete document" }));
  if (purge) fireEvent.click(screen.getByLabelText(/Also purge its quoted text/));
  fireEvent.click(screen.getByRole("button", { name: purge ? "Delete and purge" : "Delete" }));
  await waitFor(() => expect(router.replace).toHaveBeenCalledWith("/documents"));
  expect(remove).toHaveBeenCalledWith("/api/v1/knowledge/documents/{document_id}", {
    params: { path: { document_id: "d1" }, query: { purge } },
  });
  unmount();
}

describe("DeleteDocument", () => {
  beforeEach(() => router.replace.mockReset());

  it("confirms on the documents list that the document was deleted, once (outside25 T8)", async () => {
    await deleteThroughDialog(false);
    emptyList();
    const first = render(<DocumentsPage />);
    const notice = await screen.findByRole("status");
    expect(notice.textContent).toBe(
      "“Visitor handbook” was deleted. Past investigations keep their quotes from it and mark it deleted.",
    );
    first.unmount();

    // Shown once: the list opened again later says nothing of it.
    render(<DocumentsPage />);
    await screen.findByText("No documents yet");
    expect(screen.queryByText(/was deleted/)).toBeNull();
  });

  it("opens the dialog on Cancel, not on the purge checkbox, and names the document as typed (outside31 F10)", () => {
    render(<DeleteDocument documentId="d1" title={"Price list\u202E v2"} />);
    fireEvent.click(screen.getByRole("button", { name: "Delete document" }));
    const dialog = screen.getByRole("dialog", { name: "Delete “Price list v2”?" });
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Cancel" }));
    expect(dialog.contains(document.activeElement)).toBe(true);
    expect((screen.getByLabelText(/Also purge its quoted text/) as HTMLInputElement).checked).toBe(false);
  });

  it("says the quoted text was purged when it was", async () => {
    await deleteThroughDialog(true);
    emptyList();
    render(<DocumentsPage />);
    expect((await screen.findByText(/was deleted/)).textContent).toBe(
      "“Visitor handbook” was deleted, and its quoted text was purged from past investigations.",
    );
  });
});
