"""`python -m tools.safety.blind`: the share of each blind set's lines the detector labels."""

from tools.safety.blind import main

raise SystemExit(main())
