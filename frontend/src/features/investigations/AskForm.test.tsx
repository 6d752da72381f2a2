import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { api } from "@/api/client";
import { AskForm } from "./AskForm";

const router = vi.hoisted(() => ({ push: vi.fn() }));
vi.mock("next/navigation", () => ({ useRouter: () => router }));
vi.mock("@/features/documents/useDocumentOptions", () => ({
  useDocumentOptions: () => ({
    documents: [
      { id: "d1", title: "Visitor handbook" },
      { id: "d2", title: "Price list" },
    ],
    total: 2,
    error: null,
  }),
}));

const ok = (data: unknown, status = 200) =>
  ({ data, response: new Response(null, { status, headers: { "X-Total-Count": "0" } }) }) as never;

function answerRuns() {
  vi.spyOn(api, "GET").mockResolvedValue(ok([]));
  return vi.spyOn(api, "POST").mockResolvedValue(ok({ id: "r1" }, 201));
}

const question = () => screen.getByLabelText("Question") as HTMLTextAreaElement;

describe("AskForm", () => {
  beforeEach(() => {
    router.push.mockReset();
  });

  it.each([
    ["Ctrl+Enter", { ctrlKey: true }],
    ["Cmd+Enter", { metaKey: true }],
  ])("investigates on %s in the question box", async (_name, modifier) => {
    const post = answerRuns();
    render(<AskForm />);
    fireEvent.change(question(), { target: { value: "When is it open?" } });
    fireEvent.keyDown(question(), { key: "Enter", ...modifier });
    await waitFor(() => expect(router.push).toHaveBeenCalledWith("/investigations/view?id=r1"));
    expect(post).toHaveBeenCalledWith("/api/v1/runs", {
      body: { workflow_type: "evidence_briefing", input: { query: "When is it open?" }, idempotency_key: expect.any(String) },
    });
  });

  it.each([
    ["a double click", () => {
      fireEvent.click(screen.getByRole("button", { name: "Investigate" }));
      fireEvent.click(screen.getByRole("button", { name: "Investigate" }));
    }],
    ["Ctrl+Enter pressed three times", () => {
      for (let press = 0; press < 3; press += 1) fireEvent.keyDown(question(), { key: "Enter", ctrlKey: true });
    }],
  ])("starts one run on %s, before the form has rendered as busy", async (_name, submitTwice) => {
    const post = answerRuns();
    render(<AskForm />);
    fireEvent.change(question(), { target: { value: "When is it open?" } });
    submitTwice();
    await waitFor(() => expect(router.push).toHaveBeenCalledWith("/investigations/view?id=r1"));
    await new Promise((settle) => setTimeout(settle, 50));
    expect(post).toHaveBeenCalledTimes(1);
    expect(router.push).toHaveBeenCalledTimes(1);
  });

  it("can be asked again after a run could not start", async () => {
    vi.spyOn(api, "GET").mockResolvedValue(ok([]));
    const post = vi
      .spyOn(api, "POST")
      .mockResolvedValueOnce({
        error: { error: { code: "rate_limited", message: "Too many investigations today." } },
        response: new Response(null, { status: 429 }),
      } as never)
      .mockResolvedValue(ok({ id: "r2" }, 201));
    render(<AskForm />);
    fireEvent.change(question(), { target: { value: "When is it open?" } });
    fireEvent.click(screen.getByRole("button", { name: "Investigate" }));
    await screen.findByText("The investigation could not run");
    fireEvent.click(screen.getByRole("button", { name: "Investigate" }));
    await waitFor(() => expect(router.push).toHaveBeenCalledWith("/investigations/view?id=r2"));
    expect(post).toHaveBeenCalledTimes(2);
  });

  it("leaves a user who went to another page there when the run finishes", async () => {
    vi.spyOn(api, "GET").mockResolvedValue(ok([]));
    let finish: (value: unknown) => void = () => undefined;
    const post = vi.spyOn(api, "POST").mockImplementation(
      (() => new Promise((resolve) => {
        finish = resolve;
      })) as never,
    );
    const { unmount } = render(<AskForm />);
    fireEvent.change(question(), { target: { value: "When is it open?" } });
    fireEvent.click(screen.getByRole("button", { name: "Investigate" }));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    unmount(); // the user opened Analytics
    finish(ok({ id: "r1" }, 201));
    await new Promise((settle) => setTimeout(settle, 50));
    expect(router.push).not.toHaveBeenCalled();
  });

  it("keeps a question over 2,000 characters whole, counts it, and says why it cannot be sent", async () => {
    const post = answerRuns();
    render(<AskForm />);
    const long = `${"How much does the pool membership cost for a family? ".repeat(51)}`.trim(); // 2,702 characters
    fireEvent.change(question(), { target: { value: long } });
    expect(question().value).toBe(long);
    expect(question().getAttribute("maxlength")).toBeNull();
    expect(screen.getByText("2,702 of 2,000 characters")).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toContain("longer than 2,000 characters");
    expect(question().getAttribute("aria-invalid")).toBe("true");
    expect((screen.getByRole("button", { name: "Investigate" }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.keyDown(question(), { key: "Enter", ctrlKey: true });
    fireEvent.submit(question().form!);
    await new Promise((settle) => setTimeout(settle, 50));
    expect(post).not.toHaveBeenCalled();

    fireEvent.change(question(), { target: { value: `${long.slice(0, 1999)}?` } });
    expect(screen.getByText("2,000 of 2,000 characters")).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
    expect((screen.getByRole("button", { name: "Investigate" }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("shows no count for a question far from the limit", () => {
    render(<AskForm />);
    fireEvent.change(question(), { target: { value: "When is it open?" } });
    expect(screen.queryByText(/of 2,000 characters/)).toBeNull();
  });

  it("keeps a plain Enter as a new line", async () => {
    const post = answerRuns();
    render(<AskForm />);
    fireEvent.change(question(), { target: { value: "When is it open?" } });
    fireEvent.keyDown(question(), { key: "Enter" });
    await new Promise((settle) => setTimeout(settle, 50));
    expect(post).not.toHaveBeenCalled();
  });

  it("puts Investigate right after the question in tab order, before the document picker", () => {
    const { container } = render(<AskForm />);
    const focusable = [...container.querySelectorAll("textarea, button, input")];
    expect(focusable.slice(0, 2)).toEqual([question(), screen.getByRole("button", { name: "Investigate" })]);
    expect(focusable.slice(2)).toEqual(screen.getAllByRole("checkbox"));
    expect(focusable).toHaveLength(4);
  });

  it("offers Cancel for the run it found while the investigation is in flight", async () => {
    const running = {
      id: "r9",
      status: "running",
      input: { query: "When is it open?" } as Record<string, unknown>,
      steps: [],
    };
    let listed: (typeof running)[] = [];
    const getRun = async (path: string, init: { params: { path?: { run_id: string } } }) =>
      path === "/api/v1/runs" ? ok(listed) : ok(listed.find((run) => run.id === init.params.path?.run_id));
    vi.spyOn(api, "GET").mockImplementation(getRun as never);
    let finish: (value: unknown) => void = () => undefined;
    const post = vi.spyOn(api, "POST").mockImplementation(((path: string) => {
      if (path === "/api/v1/runs/{run_id}/cancel") return Promise.resolve(ok({ ...running, status: "cancelled" }));
      // The run exists from the moment POST /runs starts it; someone else's run of the same question, limited to a
      // document, is newer still and must not be taken for it.
      listed = [{ ...running, id: "r8", input: { query: "When is it open?", document_ids: ["d2"] } }, running];
      return new Promise((resolve) => {
        finish = resolve;
      });
    }) as never);
    render(<AskForm />);
    fireEvent.change(question(), { target: { value: "When is it open?" } });
    fireEvent.click(screen.getByRole("button", { name: "Investigate" }));

    const cancel = await screen.findByRole("button", { name: "Cancel investigation" }, { timeout: 3000 });
    fireEvent.click(cancel);
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith("/api/v1/runs/{run_id}/cancel", { params: { path: { run_id: "r9" } } }),
    );
    finish(ok({ id: "r9" }, 201));
    await waitFor(() => expect(router.push).toHaveBeenCalledWith("/investigations/view?id=r9"));
  });

  it("says why Investigate is off while the question is empty", () => {
    answerRuns();
    render(<AskForm />);
    const investigate = screen.getByRole("button", { name: "Investigate" }) as HTMLButtonElement;
    expect(investigate.disabled).toBe(true);
    expect(investigate.getAttribute("aria-describedby")).toBe("ask-no-question");
    expect(screen.getByText("Type a question to investigate.")).toBeTruthy();

    fireEvent.change(question(), { target: { value: "When is it open?" } });
    expect(investigate.disabled).toBe(false);
    expect(screen.queryByText("Type a question to investigate.")).toBeNull();
  });
});
