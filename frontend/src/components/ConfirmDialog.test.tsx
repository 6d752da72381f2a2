import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";

import { ConfirmDialog } from "./ConfirmDialog";

describe("ConfirmDialog", () => {
  it("names each dialog by its own title when a page has several", () => {
    render(
      <>
        <ConfirmDialog open title="Deactivate bob@example.com?" confirmLabel="Deactivate" onConfirm={() => {}} onCancel={() => {}} />
        <ConfirmDialog open title="Deactivate carol@example.com?" confirmLabel="Deactivate" onConfirm={() => {}} onCancel={() => {}} />
      </>,
    );

    expect(screen.getByRole("dialog", { name: "Deactivate bob@example.com?" })).toBeTruthy();
    expect(screen.getByRole("dialog", { name: "Deactivate carol@example.com?" })).toBeTruthy();
  });

  it("opens with focus on Cancel, the safe choice, not on the first control in it (outside31 F10)", () => {
    const dialog = (open: boolean) => (
      <ConfirmDialog open={open} title="Delete “Price list”?" confirmLabel="Delete" onConfirm={() => {}} onCancel={() => {}}>
        <input type="checkbox" aria-label="Also purge" />
      </ConfirmDialog>
    );
    const { rerender } = render(dialog(false));
    rerender(dialog(true));
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Cancel" }));
  });
});
