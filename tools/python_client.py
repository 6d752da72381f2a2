"""Regenerate the typed Python client (clients/python/orion_client) from the committed OpenAPI document.

`make client` runs this; tests/integration/test_python_client.py regenerates into a temporary directory and fails
when the committed package differs (the OpenAPI document itself is kept current by the UI types' snapshot test).
The generator writes a whole project; only its package directory is kept, beside the hand-written pyproject,
README and example.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OPENAPI = ROOT / "frontend" / "openapi.json"
CLIENT = ROOT / "clients" / "python"
CONFIG = CLIENT / "openapi-python-client.yaml"
PACKAGE = "orion_client"


def generate_package(target: Path) -> Path:
    """Generate the client package into `target` (a fresh directory) and return the package's path."""
    project = target / "project"
    bin_dir = Path(sys.executable).parent
    environment = {**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}"}
    subprocess.run(
        [
            str(bin_dir / "openapi-python-client"),
            "generate",
            "--path",
            str(OPENAPI),
            "--output-path",
            str(project),
            "--config",
            str(CONFIG),
            "--meta",
            "none",
        ],
        check=True,
        env=environment,
        capture_output=True,
        text=True,
    )
    # With meta "none" the output directory is the package itself; mark it typed (PEP 561) as the other metas do.
    (project / "py.typed").write_text("# Marker file for PEP 561\n")
    return project


def main() -> None:
    with tempfile.TemporaryDirectory() as scratch:
        generated = generate_package(Path(scratch))
        destination = CLIENT / PACKAGE
        shutil.rmtree(destination, ignore_errors=True)
        shutil.copytree(generated, destination)
    print(f"regenerated {destination.relative_to(ROOT)} from {OPENAPI.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
