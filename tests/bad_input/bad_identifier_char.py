price€ = 3
