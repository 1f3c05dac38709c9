from kb.cli.main import main

raise SystemExit(main())
