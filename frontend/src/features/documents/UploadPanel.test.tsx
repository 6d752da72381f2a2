import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { networkError } from "@/api/errors";
import { uploadDocument } from "@/api/upload";
import { UploadPanel } from "./UploadPanel";

vi.mock("@/api/upload", () => ({ uploadDocument: vi.fn() }));

function chooseAndUpload(title = "") {
  const file = new File(["# Notes"], "notes.md", { type: "text/markdown" });
  fireEvent.change(screen.getByLabelText("Choose a file"), { target: { files: [file] } });
  if (title) fireEvent.change(screen.getByLabelText("Title (optional)"), { target: { value: title } });
  fireEvent.click(screen.getByRole("button", { name: "Upload" }));
}

const indexed = {
  ok: true as const,
  status: 201 as const,
  body: { document_id: "d1", document_version_id: "v1", version_number: 1, status: "indexed" as const, chunk_count: 1, duplicate: false },
};

describe("UploadPanel", () => {
  it("refuses a file over the 10 MB limit before sending a byte of it, and says the limit in MB", () => {
    vi.mocked(uploadDocument).mockClear();
    const huge = new File(["x"], "huge.txt", { type: "text/plain" });
    Object.defineProperty(huge, "size", { value: 15 * 1024 * 1024 });
    render(<UploadPanel onUploaded={() => undefined} />);
    fireEvent.change(screen.getByLabelText("Choose a file"), { target: { files: [huge] } });
    expect(screen.getByText("The file is too large")).toBeTruthy();
    expect(screen.getByText("“huge.txt” is 15.0 MB; ORION takes files up to 10 MB.")).toBeTruthy();
    expect(screen.getByText("No file selected.")).toBeTruthy();
    expect((screen.getByRole("button", { name: "Upload" }) as HTMLButtonElement).disabled).toBe(true);
    expect(uploadDocument).not.toHaveBeenCalled();
  });

  it("asks before a reload or a closed tab drops an upload in flight, and not once it is done", async () => {
    let finish: (reply: typeof indexed) => void = () => undefined;
    vi.mocked(uploadDocument).mockImplementation(
      () => new Promise((resolve) => {
        finish = resolve;
      }),
    );
    render(<UploadPanel onUploaded={() => undefined} />);
    chooseAndUpload();
    await screen.findByText(/Uploading…/);
    const leaving = new Event("beforeunload", { cancelable: true });
    window.dispatchEvent(leaving);
    expect(leaving.defaultPrevented).toBe(true);

    finish(indexed);
    await screen.findByText(/is indexed as version 1/);
    const later = new Event("beforeunload", { cancelable: true });
    window.dispatchEvent(later);
    expect(later.defaultPrevented).toBe(false);
  });

  it("says an upload that could not reach the server did not reach ORION, not that it was rejected", async () => {
    vi.mocked(uploadDocument).mockResolvedValue({ ok: false, error: networkError(new Error("the upload was interrupted")) });
    render(<UploadPanel onUploaded={() => undefined} />);
    chooseAndUpload();
    await waitFor(() => expect(screen.getByText("The upload did not reach ORION")).toBeTruthy());
    expect(screen.queryByText(/rejected/)).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole("alert")); // not BODY under the disabled Upload button
    expect(screen.getByText("Selected: notes.md (7 B)")).toBeTruthy(); // kept, to try again
  });

  it("names the uploaded document by the title given to it", async () => {
    vi.mocked(uploadDocument).mockResolvedValue({
      ok: true,
      status: 201,
      body: {
        document_id: "d1",
        document_version_id: "v1",
        version_number: 1,
        status: "indexed",
        chunk_count: 1,
        duplicate: false,
      },
    });
    const onUploaded = vi.fn();
    render(<UploadPanel onUploaded={onUploaded} />);
    chooseAndUpload("Team notes");
    await waitFor(() => expect(screen.getByText(/“Team notes” is indexed as version 1/)).toBeTruthy());
    expect(onUploaded).toHaveBeenCalled();
    expect(document.activeElement).toBe(screen.getByRole("status"));
  });
});
