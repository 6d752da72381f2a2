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
});
