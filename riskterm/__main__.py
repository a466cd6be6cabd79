from riskterm.cli import main

raise SystemExit(main())
